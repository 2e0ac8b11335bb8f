#pragma once

#include <optional>
#include <string>

namespace spanforge::io {

// Each concrete format has one row in FormatRegistry (io/formatregistry.h),
// which holds its id, names, extensions, reader and writer.
enum class Format { Auto, Jsonl, Doccano, LabelStudio, Conll, Text };

// "auto" or the format's registry id ("jsonl", "labelstudio", ...).
const char* toString(Format f);
std::optional<Format> parseFormat(const std::string& name);

// Picks a concrete format for a file from its extension and first record;
// throws InputError when it cannot tell.
Format detectFormat(const std::string& path);

enum class TagScheme { Auto, Iob2, Iob1, Biluo };
// "auto", "iob2", "iob1", "biluo".
const char* toString(TagScheme s);
std::optional<TagScheme> parseTagScheme(const std::string& name);

}  // namespace spanforge::io
