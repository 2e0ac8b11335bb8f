// tools/unity-names.py's test: two files of one target, each with its own isSpace.
namespace spanforge::io {
namespace {
bool isSpace(char c) { return c == ' ' || c == '\t'; }
}  // namespace

bool blank(char c) { return isSpace(c); }
}  // namespace spanforge::io
