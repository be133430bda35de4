// contactlab-tetgen: the helper program in which tetrahedralize() runs TetGen (see
// include/contactlab/mesh/tetrahedralize.h). Its request comes on stdin, its reply goes to file
// descriptor 3; it is started by the library, never by hand.
#include "tetgen_helper/tetgen_run.h"

int main() { contactlab::mesh_detail::tetgen_helper_main(3); }
