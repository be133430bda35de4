# The viewer bundle (viewer/dist/viewer.js + template.html), built with npm from viewer/src. The npm
# packages themselves are installed by scripts/setup.sh (`npm ci`, exactly as locked).
option(CONTACTLAB_BUILD_VIEWER "Bundle the 3-D viewer with npm (needed by `contactlab view`)" ON)
set(CONTACTLAB_VIEWER_DIR "${PROJECT_SOURCE_DIR}/viewer")
find_program(CONTACTLAB_NPM npm)
find_program(CONTACTLAB_NODE node)

if(CONTACTLAB_BUILD_VIEWER AND CONTACTLAB_NPM AND EXISTS "${CONTACTLAB_VIEWER_DIR}/package.json")
  file(GLOB_RECURSE viewer_sources CONFIGURE_DEPENDS "${CONTACTLAB_VIEWER_DIR}/src/*")
  set(viewer_outputs "${CONTACTLAB_VIEWER_DIR}/dist/viewer.js" "${CONTACTLAB_VIEWER_DIR}/dist/template.html")
  add_custom_command(OUTPUT ${viewer_outputs}
    COMMAND "${CONTACTLAB_NPM}" run build --silent
    WORKING_DIRECTORY "${CONTACTLAB_VIEWER_DIR}"
    DEPENDS ${viewer_sources} "${CONTACTLAB_VIEWER_DIR}/package.json" "${CONTACTLAB_VIEWER_DIR}/package-lock.json"
    COMMENT "Bundling the viewer (npm run build in viewer/)"
    VERBATIM)
  add_custom_target(viewer_bundle ALL DEPENDS ${viewer_outputs})
  set(CONTACTLAB_HAVE_VIEWER ON)
else()
  set(CONTACTLAB_HAVE_VIEWER OFF)
  message(STATUS "contactlab: viewer bundle not built (npm or viewer/package.json missing)")
endif()
