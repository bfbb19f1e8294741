// The command-line tools' one helper: the value after the flag argv[i] (i moves past it), or
// exit 2 saying the flag needs one.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

inline std::string flag_value(int argc, char **argv, int &i) {
    if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", argv[i]);
        std::exit(2);
    }
    return argv[++i];
}
