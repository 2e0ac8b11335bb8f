// main() of the core test executables (tests/ui has its own).
#define CATCH_CONFIG_RUNNER  // Catch2 2 compiles its implementation here; 3 has a library
#include "catchapi.h"

int main(int argc, char** argv) { return Catch::Session().run(argc, argv); }
