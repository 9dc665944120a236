#!/usr/bin/env bash
# Checks that the sync search path allocates nothing per case in steady state: counts malloc calls
# (an LD_PRELOAD shim) in runs of 100,000 and 1,000,000 cases of the same property. Equal counts mean
# no allocation per case. Usage: Scripts/allocation-check.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
cat > "$work/mallocount.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdatomic.h>
static atomic_long count;
static void *(*real_malloc)(size_t);
void *malloc(size_t size) {
    if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
    atomic_fetch_add(&count, 1);
    return real_malloc(size);
}
__attribute__((destructor)) static void report(void) { fprintf(stderr, "%ld\n", atomic_load(&count)); }
C
gcc -shared -fPIC -O2 -o "$work/mallocount.so" "$work/mallocount.c" -ldl
mkdir -p "$work/check/Sources/alloccheck"
cat > "$work/check/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "alloccheck", dependencies: [.package(path: "$root")],
  targets: [.executableTarget(name: "alloccheck", dependencies: [.product(name: "Tally", package: "main")])])
SWIFT
cat > "$work/check/Sources/alloccheck/main.swift" <<'SWIFT'
import Tally
let property = Property("alloc", Gen.zip(Gen.int(in: 0...10_000_000), Gen.int(in: 0...1_000_000), Gen.int(in: 0...10_000))) { a, b, c in
    try ensure(a >= 0 && b >= 0 && c >= 0, "non-negative")
}
var configuration = RunConfiguration()
configuration.iterations = Int(CommandLine.arguments[1])!
configuration.exampleDirectory = nil
_ = await property.check(configuration)
SWIFT
swift build -c release --package-path "$work/check" 2>&1 | tail -1
small=$(LD_PRELOAD="$work/mallocount.so" "$work/check/.build/release/alloccheck" 100000 2>&1 >/dev/null)
large=$(LD_PRELOAD="$work/mallocount.so" "$work/check/.build/release/alloccheck" 1000000 2>&1 >/dev/null)
echo "mallocs: $small for 100,000 cases, $large for 1,000,000 cases"
rm -rf "$work"
[ "$small" = "$large" ] && echo "no allocation per case" || { echo "allocations grow with cases"; exit 1; }
