// SPDX-License-Identifier: GPL-2.0-or-later
// inl-rust.rs: a Rust program for the inline suite (tests/inline/run.sh),
// built with Debian's rustc at -O -g: iterator chains, closures, a HashMap,
// and std's generic code inlined into ours from another crate (whose
// inlined functions' origins lie in other compilation units).  The map
// hashes with fixed keys, so that every run executes the same instructions
// (the profile oracle compares two runs under two tools).
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::env;
use std::hash::BuildHasherDefault;

type Map = HashMap<String, usize, BuildHasherDefault<DefaultHasher>>;

struct Counter {
    hits: u64,
}

impl Counter {
    #[inline]
    fn bump(&mut self, by: u64) {
        self.hits = self.hits.wrapping_add(by);
    }
    #[inline]
    fn get(&self) -> u64 {
        self.hits
    }
}

#[inline(never)]
fn words(text: &str) -> Map {
    let mut m = Map::default();
    for w in text.split_whitespace().filter(|w| !w.is_empty()) {
        *m.entry(w.to_lowercase()).or_insert(0) += 1;
    }
    m
}

#[inline(never)]
fn squares(n: u64) -> u64 {
    (1..=n).map(|x| x * x).filter(|x| x % 3 != 0).sum()
}

fn main() {
    let n: u64 = env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let text = "the quick brown fox jumps over the lazy dog The End";
    let m = words(text);
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort();
    let mut c = Counter { hits: 0 };
    for k in &keys {
        c.bump(m[*k] as u64);
    }
    let v: Vec<u64> = (0..n).map(|i| i * 7 % 11).collect();
    let best = v.iter().copied().enumerate().max_by_key(|&(_, x)| x).map(|(i, _)| i);
    println!("{} {} {:?} {}", squares(n), c.get(), best, keys.len());
}
