#include "model/safetensorsfile.h"

#include "io/jsonrecord.h"
#include "model/safetensorserror.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <set>
#include <string_view>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "safetensors stores little-endian values; this reader copies them as they are"
#endif

namespace spanforge::model {
namespace {

using Json = nlohmann::json;

constexpr const char* kMetadataKey = "__metadata__";

struct DtypeInfo {
  const char* name;
  size_t bytes;
};

// In the order of Hugging Face's Dtype enum: its serializer puts the tensors
// of the later dtypes first, and a byte-identical file must too.
constexpr DtypeInfo kDtypes[] = {
    {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1},
    {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},
    {"U32", 4},  {"F32", 4}, {"F64", 8}, {"I64", 8},     {"U64", 8},
};

int dtypeRank(const std::string& dtype) {
  for (size_t i = 0; i < std::size(kDtypes); ++i)
    if (dtype == kDtypes[i].name) return static_cast<int>(i);
  return -1;
}

std::string quoted(const std::string& name) { return "tensor \"" + name + "\""; }

// Elements of a shape, or false on overflow / a negative dimension.
bool elementCount(const std::vector<int64_t>& shape, uint64_t& count) {
  count = 1;
  for (const int64_t d : shape) {
    if (d < 0) return false;
    if (__builtin_mul_overflow(count, static_cast<uint64_t>(d), &count)) return false;
  }
  return true;
}

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// One header entry, every field checked against the buffer's size.
SafetensorsTensor readEntry(const std::string& path, const std::string& name, const Json& v,
                            uint64_t bufferSize) {
  const std::string what = quoted(name);
  if (!v.is_object()) throw SafetensorsError(path, what + ": is not a JSON object");
  for (const auto& [key, unused] : v.items())
    if (key != "dtype" && key != "shape" && key != "data_offsets")
      throw SafetensorsError(path, what + ": unknown field \"" + key + "\"");
  SafetensorsTensor t;
  t.name = name;
  const auto dtype = v.find("dtype");
  if (dtype == v.end() || !dtype->is_string())
    throw SafetensorsError(path, what + ": \"dtype\" is missing or not a string");
  t.dtype = dtype->get<std::string>();
  const size_t elementBytes = SafetensorsFile::dtypeSize(t.dtype);
  if (elementBytes == 0) throw SafetensorsError(path, what + ": unknown dtype \"" + t.dtype + "\"");
  const auto shape = v.find("shape");
  if (shape == v.end() || !shape->is_array())
    throw SafetensorsError(path, what + ": \"shape\" is missing or not an array");
  for (const auto& d : *shape) {
    if (!d.is_number_integer() ||
        (d.is_number_unsigned() &&
         d.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())))
      throw SafetensorsError(
          path, what + ": \"shape\" holds " + d.dump() + ", not a non-negative whole number");
    const int64_t dim = d.get<int64_t>();
    if (dim < 0)
      throw SafetensorsError(
          path, what + ": \"shape\" holds the negative dimension " + std::to_string(dim));
    t.shape.push_back(dim);
  }
  const auto offsets = v.find("data_offsets");
  if (offsets == v.end() || !offsets->is_array() || offsets->size() != 2 ||
      !(*offsets)[0].is_number_unsigned() || !(*offsets)[1].is_number_unsigned())
    throw SafetensorsError(path, what +
                                     ": \"data_offsets\" is missing or not two non-negative "
                                     "whole numbers [begin, end]");
  t.begin = (*offsets)[0].get<uint64_t>();
  t.end = (*offsets)[1].get<uint64_t>();
  const std::string range =
      "data_offsets [" + std::to_string(t.begin) + ", " + std::to_string(t.end) + "]";
  if (t.begin > t.end) throw SafetensorsError(path, what + ": " + range + " end before begin");
  if (t.end > bufferSize)
    throw SafetensorsError(path, what + ": " + range + " reach beyond the file's " +
                                     std::to_string(bufferSize) +
                                     " bytes of tensor data (truncated file?)");
  uint64_t count = 0;
  uint64_t bytes = 0;
  if (!elementCount(t.shape, count) || __builtin_mul_overflow(count, elementBytes, &bytes))
    throw SafetensorsError(
        path, what + ": shape " + shapeText(t.shape) + " of " + t.dtype + " is too large");
  if (bytes != t.end - t.begin)
    throw SafetensorsError(path, what + ": " + range + " hold " + std::to_string(t.end - t.begin) +
                                     " bytes, but shape " + shapeText(t.shape) + " of " + t.dtype +
                                     " needs " + std::to_string(bytes));
  return t;
}

// Tensors must tile the buffer: sorted by position, each starts where the
// previous ended and the last ends at the buffer's end.
void checkTiling(const std::string& path, std::vector<const SafetensorsTensor*> byOffset,
                 uint64_t bufferSize) {
  std::sort(byOffset.begin(), byOffset.end(), [](const auto* a, const auto* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  uint64_t at = 0;
  const SafetensorsTensor* previous = nullptr;
  for (const auto* t : byOffset) {
    if (t->begin < at)
      throw SafetensorsError(path,
                             quoted(t->name) + ": its bytes overlap " + quoted(previous->name));
    if (t->begin > at)
      throw SafetensorsError(path, quoted(t->name) + ": " + std::to_string(t->begin - at) +
                                       " bytes before it belong to no tensor (a hole at byte " +
                                       std::to_string(at) + ")");
    at = t->end;
    previous = t;
  }
  if (at != bufferSize)
    throw SafetensorsError(path, std::to_string(bufferSize - at) +
                                     " bytes at the end of the tensor data belong to no tensor");
}

uint64_t readLength(const uint8_t* p) {
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | p[i];
  return n;
}

std::string lengthBytes(uint64_t n) {
  std::string s(8, '\0');
  for (int i = 0; i < 8; ++i) s[static_cast<size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xff);
  return s;
}

}  // namespace

int64_t SafetensorsTensor::elements() const {
  uint64_t n = 0;
  elementCount(shape, n);
  return static_cast<int64_t>(n);
}

size_t SafetensorsFile::dtypeSize(const std::string& dtype) {
  const int rank = dtypeRank(dtype);
  return rank < 0 ? 0 : kDtypes[rank].bytes;
}

SafetensorsFile::SafetensorsFile(const std::string& path) : file_(path) {
  const uint64_t size = file_.size();
  if (size < 8)
    throw SafetensorsError(path, "not a safetensors file: " + std::to_string(size) +
                                     " bytes, shorter than the 8-byte header length");
  const uint8_t* bytes = file_.data();
  if (std::memcmp(bytes, "PK\x03\x04", 4) == 0)
    throw SafetensorsError(path,
                           "not a safetensors file: a zip archive (a PyTorch or TorchScript file, "
                           "which can run code when loaded, is never read here)");
  const uint64_t n = readLength(bytes);
  if (n > size - 8)
    throw SafetensorsError(path, "not a safetensors file: its header length (" + std::to_string(n) +
                                     " bytes) exceeds the file (" + std::to_string(size) +
                                     " bytes)");
  if (n > kMaxHeaderBytes)
    throw SafetensorsError(path, "header of " + std::to_string(n) + " bytes is larger than the " +
                                     std::to_string(kMaxHeaderBytes) + " this reader accepts");
  const std::string_view text(reinterpret_cast<const char*>(bytes + 8), static_cast<size_t>(n));
  if (text.empty() || text.front() != '{')
    throw SafetensorsError(path, "not a safetensors file: the header is not a JSON object");
  if (io::JsonRecord::findTooDeep(text) != std::string_view::npos)
    throw SafetensorsError(path, "header nested too deep to parse safely");

  // nlohmann keeps the last of two equal keys silently; the callback sees
  // every key, so a duplicate tensor name (or field) is caught.
  std::set<std::string> names;
  std::set<std::string> fields;
  std::string duplicate;
  const Json::parser_callback_t onEvent = [&](int depth, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start && depth == 1) fields.clear();
    if (event == Json::parse_event_t::key && duplicate.empty()) {
      const std::string key = parsed.get<std::string>();
      if (depth == 1 && !names.insert(key).second) duplicate = "tensor name \"" + key + "\"";
      if (depth == 2 && !fields.insert(key).second) duplicate = "field \"" + key + "\"";
    }
    return true;
  };
  Json header;
  try {
    header = Json::parse(text.begin(), text.end(), onEvent);
  } catch (const Json::exception& e) {
    throw SafetensorsError(
        path,
        std::string("not a safetensors file: the header is not valid JSON (") + e.what() + ")");
  }
  if (!header.is_object())
    throw SafetensorsError(path, "not a safetensors file: the header is not a JSON object");
  if (!duplicate.empty()) throw SafetensorsError(path, "the header repeats the " + duplicate);

  buffer_ = bytes + 8 + n;
  bufferSize_ = size - 8 - n;
  for (const auto& [name, value] : header.items()) {
    if (name == kMetadataKey) {
      if (!value.is_object())
        throw SafetensorsError(path, "\"__metadata__\" is not an object of strings");
      for (const auto& [key, v] : value.items()) {
        if (!v.is_string())
          throw SafetensorsError(path, "\"__metadata__\": \"" + key + "\" is not a string");
        metadata_[key] = v.get<std::string>();
      }
      continue;
    }
    tensors_.push_back(readEntry(path, name, value, bufferSize_));
  }
  std::vector<const SafetensorsTensor*> byOffset;
  for (const auto& t : tensors_) byOffset.push_back(&t);
  checkTiling(path, std::move(byOffset), bufferSize_);
}

const SafetensorsTensor* SafetensorsFile::find(const std::string& name) const {
  const auto it = std::lower_bound(tensors_.begin(), tensors_.end(), name,
                                   [](const auto& t, const std::string& n) { return t.name < n; });
  return it != tensors_.end() && it->name == name ? &*it : nullptr;
}

const uint8_t* SafetensorsFile::data(const SafetensorsTensor& tensor) const {
  return tensor.end == tensor.begin ? nullptr : buffer_ + tensor.begin;
}

std::string SafetensorsFile::header(const std::string& path,
                                    const std::vector<SafetensorsBlob>& tensors,
                                    const std::map<std::string, std::string>& metadata,
                                    std::vector<size_t>& order) {
  order.clear();
  std::set<std::string> names;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const auto& t = tensors[i];
    if (t.name.empty() || t.name == kMetadataKey)
      throw SafetensorsError(path, "cannot write a tensor named \"" + t.name + "\"");
    if (!names.insert(t.name).second)
      throw SafetensorsError(path, "cannot write " + quoted(t.name) + " twice");
    if (dtypeSize(t.dtype) == 0)
      throw SafetensorsError(path, quoted(t.name) + ": unknown dtype \"" + t.dtype + "\"");
    order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const int ra = dtypeRank(tensors[a].dtype);
    const int rb = dtypeRank(tensors[b].dtype);
    return ra != rb ? ra > rb : tensors[a].name < tensors[b].name;
  });
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (!metadata.empty()) j[kMetadataKey] = metadata;
  uint64_t at = 0;
  for (const size_t i : order) {
    const auto& t = tensors[i];
    uint64_t count = 0;
    uint64_t bytes = 0;
    if (!elementCount(t.shape, count) || __builtin_mul_overflow(count, dtypeSize(t.dtype), &bytes))
      throw SafetensorsError(path, quoted(t.name) + ": invalid shape " + shapeText(t.shape));
    if (bytes > 0 && t.data == nullptr) throw SafetensorsError(path, quoted(t.name) + ": no data");
    j[t.name] = {{"dtype", t.dtype}, {"shape", t.shape}, {"data_offsets", {at, at + bytes}}};
    at += bytes;
  }
  std::string text;
  try {
    text = j.dump();
  } catch (const nlohmann::ordered_json::exception& e) {  // a name that is not UTF-8
    throw SafetensorsError(path, std::string("cannot write the header: ") + e.what());
  }
  text.append((8 - text.size() % 8) % 8, ' ');
  return lengthBytes(text.size()) + text;
}

void SafetensorsFile::write(const std::string& path, const std::vector<SafetensorsBlob>& tensors,
                            const std::map<std::string, std::string>& metadata) {
  std::vector<size_t> order;
  const std::string head = header(path, tensors, metadata, order);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"),
                                                             &std::fclose);
  if (!file) throw SafetensorsError(path, std::string("cannot write: ") + std::strerror(errno));
  int error = 0;
  const auto put = [&](const void* data, size_t n) {
    errno = 0;
    if (error == 0 && n > 0 && std::fwrite(data, 1, n, file.get()) != n)
      error = errno != 0 ? errno : EIO;
  };
  put(head.data(), head.size());
  for (const size_t i : order) {
    const auto& t = tensors[i];
    uint64_t count = 0;
    elementCount(t.shape, count);
    put(t.data, static_cast<size_t>(count * dtypeSize(t.dtype)));
  }
  if (error == 0 && std::fflush(file.get()) != 0) error = errno != 0 ? errno : EIO;
  if (error != 0)
    throw SafetensorsError(path, std::string("cannot write: ") + std::strerror(error));
}

}  // namespace spanforge::model
