# Shared compile settings for every contactlab target: warnings and optional sanitizers.
add_library(contactlab_build_settings INTERFACE)
target_compile_options(contactlab_build_settings INTERFACE -Wall -Wextra -Wpedantic
  $<$<BOOL:${CONTACTLAB_WERROR}>:-Werror>
  # GCC 12 at -O2/-O3 reports spurious -Wrestrict inside inlined std::string concatenation
  # (GCC bug 105329, fixed in GCC 13); it fires on plain `std::string + const char*`.
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)
if(CONTACTLAB_SANITIZE)
  target_compile_options(contactlab_build_settings INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(contactlab_build_settings INTERFACE -fsanitize=address,undefined)
  # UBSan checks left out (CONTACTLAB_UBSAN_SKIP, docs/building.md "Build time"): the `asan` preset
  # leaves out the four whose instrumentation at every member access and pointer step was most of
  # UBSan's compile time, and whose faults ASan reports in its own way.
  if(CONTACTLAB_UBSAN_SKIP)
    target_compile_options(contactlab_build_settings INTERFACE -fno-sanitize=${CONTACTLAB_UBSAN_SKIP})
  endif()
endif()
if(CONTACTLAB_FUZZ_ENGINE STREQUAL "libfuzzer")
  target_compile_options(contactlab_build_settings INTERFACE -fsanitize=fuzzer-no-link)
endif()
