#include "cli/cliapp.h"

#include <unistd.h>

#include <iostream>

int main(int argc, char** argv) {
  return spanforge::cli::runCli(argc, argv, std::cout, std::cerr, isatty(STDERR_FILENO) == 1);
}
