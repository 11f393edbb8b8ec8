// SPDX-License-Identifier: GPL-2.0-or-later
// wc.rs: a word count on Rust's std (tests/rust/run.sh).  std reads
// /proc/self/maps at start-up (the main thread's stack guard), as every
// Rust program on std does.
use std::io::Read;

fn count_words(s: &str) -> usize {
    s.split_whitespace().count()
}

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    println!("{}", count_words(&s));
}
