# Hostile input: output paths (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
