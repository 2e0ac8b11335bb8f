#pragma once

namespace spanforge::torchcompat {

// c10d's TCPStore server: libtorch 2.4 made its libuv backend the default
// (TCPStoreOptions::useLibUV), and a libtorch built without libuv (Debian 13's)
// then refuses to serve at all. The classic backend serves our few ranks as
// well; libtorch 1.13 has only that one and no such field. Works on any
// TCPStoreOptions, so this header needs no torch include.
namespace detail {
template <class Options>
auto classicBackend(Options& o, int) -> decltype(void(o.useLibUV = false)) {
  o.useLibUV = false;
}
template <class Options>
void classicBackend(Options&, long) {}
}  // namespace detail

template <class Options>
void useClassicTcpStore(Options& options) {
  detail::classicBackend(options, 0);
}

}  // namespace spanforge::torchcompat
