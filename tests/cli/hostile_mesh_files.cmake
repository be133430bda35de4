# Hostile input: mesh files (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
