// In one unity batch after conll.cpp, isSpace(text.back()) would call conll.cpp's.
#include <string>

namespace spanforge::io {
namespace {
constexpr int kBuffer = 64;  // a variable: a clash here fails to compile, so it is not listed
bool isSpace(int c) { return c == ' ' || c == '\t' || c == '\n'; }
}  // namespace

static bool trailing(const std::string& text) { return isSpace(text.back()); }
bool endsBlank(const std::string& text) { return trailing(text); }
}  // namespace spanforge::io

namespace spanforge::serve {
namespace {
bool isSpace(int c) { return c == ' '; }  // another namespace: no clash
}  // namespace
}  // namespace spanforge::serve
