// Helpers shared by the doctest suites of the core.
#pragma once

#include <string>

#include "error.hpp"

namespace ludus::testing {

// The status a call fails with (Status::ok if it does not throw).
Status status_of(auto &&call) {
    try {
        call();
    } catch (const Error &e) {
        return e.status();
    }
    return Status::ok;
}

// The message a call fails with ("" if it does not throw).
std::string message_of(auto &&call) {
    try {
        call();
    } catch (const Error &e) {
        return e.what();
    }
    return "";
}

}  // namespace ludus::testing
