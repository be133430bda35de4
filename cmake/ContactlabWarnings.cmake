# Shared compile settings for every contactlab target: warnings and optional sanitizers.
add_library(contactlab_build_settings INTERFACE)
target_compile_options(contactlab_build_settings INTERFACE -Wall -Wextra -Wpedantic
  $<$<BOOL:${CONTACTLAB_WERROR}>:-Werror>)
if(CONTACTLAB_SANITIZE)
  target_compile_options(contactlab_build_settings INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(contactlab_build_settings INTERFACE -fsanitize=address,undefined)
endif()
