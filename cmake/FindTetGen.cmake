# Finds the TetGen library as packaged by Debian (libtet1.5-dev): /usr/include/tetgen.h and libtet.
# Defines the imported target TetGen::TetGen. TETLIBRARY must be defined before including
# tetgen.h to get the library interface; the target carries that definition.
find_path(TetGen_INCLUDE_DIR NAMES tetgen.h)
find_library(TetGen_LIBRARY NAMES tet tetgen)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(TetGen REQUIRED_VARS TetGen_LIBRARY TetGen_INCLUDE_DIR)

if(TetGen_FOUND AND NOT TARGET TetGen::TetGen)
  add_library(TetGen::TetGen UNKNOWN IMPORTED)
  set_target_properties(TetGen::TetGen PROPERTIES
    IMPORTED_LOCATION "${TetGen_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${TetGen_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS "TETLIBRARY")
endif()
mark_as_advanced(TetGen_INCLUDE_DIR TetGen_LIBRARY)
