# SPDX-License-Identifier: GPL-2.0-or-later
# html-load.py: how long headless Chromium takes to load pages from files
# (bench/html.sh).  Each page is loaded REPS times in one browser, with
# about:blank in between; the best run is kept.  Prints per page:
#   PAGE BYTES LOAD_MS SHOWN_MS WALL_MS
# LOAD_MS: the navigation's loadEventEnd (parsing, the script, layout);
# SHOWN_MS: until the second animation frame after load, i.e. the page
# painted; WALL_MS: what driver.get() took, as a person would wait.
# Usage: html-load.py CHROMIUM CHROMEDRIVER REPS PAGE...
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

chromium, driver, reps, pages = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
o = webdriver.ChromeOptions()
for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
          '--window-size=1280,900', '--no-first-run'):
    o.add_argument(a)
o.binary_location = chromium
d = webdriver.Chrome(service=Service(driver), options=o)
d.set_page_load_timeout(120)
d.set_script_timeout(120)
try:
    for page in pages:
        best = None
        for _ in range(reps):
            d.get('about:blank')
            t = time.monotonic()
            d.get('file://' + os.path.abspath(page))
            shown = d.execute_async_script(
                'const done = arguments[0];'
                'requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));')
            wall = (time.monotonic() - t) * 1000
            load = d.execute_script('return performance.getEntriesByType("navigation")[0].loadEventEnd')
            run = (load, shown, wall)
            if best is None or run[2] < best[2]:
                best = run
        print('%s %d %.0f %.0f %.0f' % (page, os.path.getsize(page), *best))
        sys.stdout.flush()
finally:
    d.quit()
