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
endif()
if(CONTACTLAB_FUZZ_ENGINE STREQUAL "libfuzzer")
  target_compile_options(contactlab_build_settings INTERFACE -fsanitize=fuzzer-no-link)
endif()
