# Hostile input: json scenes options (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
