#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer. The library targets are built with -sanitize=fuzzer, then a
# small harness defining LLVMFuzzerTestOneInput is linked against their objects (building an
# executable target with -sanitize=fuzzer runs Swift's own main, not libFuzzer's).
#
#   Scripts/libfuzzer.sh csv [libFuzzer flags]             # the CSV reader
#   Scripts/libfuzzer.sh "PROPERTY NAME" [libFuzzer flags] # a property, e.g. "planted overflow"
#   Scripts/libfuzzer.sh --token "PROPERTY NAME" CRASH-FILE  # a crash file as a replay token
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-libfuzzer
# Let libFuzzer, not the Swift runtime's backtracer, handle a trap, so it saves the crashing input.
export SWIFT_BACKTRACE=enable=no

build() {
  for library in TallyTables ClaimsSpec CardAuthorizationSpec ReferenceServicesSpec PlantedBugsSpec; do
    swift build -c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer --target "$library" >&2
  done
  local objects=()
  for module in DollarText Tally TallyTables Claims ClaimsSpec CardAuthorization CardAuthorizationSpec ReferenceServices ReferenceServicesSpec PlantedBugsSpec; do
    objects+=("$scratch"/release/"$module".build/*.o)
  done
  swiftc -O -sanitize=fuzzer -parse-as-library -I "$scratch/release/Modules" "$1" "${objects[@]}" -o "$2" >&2
}

if [ "${1:-}" = "--token" ]; then
  # The crash file's bytes through the property's generator give the choices: print the token, then
  # replay the case (which fails or crashes again, as it did under the fuzzer).
  swift build --product tally >&2
  exec "$(swift build --show-bin-path)/tally" replay --property "$2" --fuzzer-input "$3"
fi

target="${1:?usage: Scripts/libfuzzer.sh csv|PROPERTY [libFuzzer flags]}"
shift
mkdir -p "$scratch/corpus-${target// /-}"
if [ "$target" = "csv" ]; then
  build Scripts/libfuzzer/CSVReaderHarness.swift "$scratch/tally-csv-fuzzer"
  exec "$scratch/tally-csv-fuzzer" "$scratch/corpus-csv" "$@"
fi
build Scripts/libfuzzer/PropertyHarness.swift "$scratch/tally-property-fuzzer"
TALLY_LIBFUZZER_PROPERTY="$target" exec "$scratch/tally-property-fuzzer" "$scratch/corpus-${target// /-}" "$@"
