#include "store/searchindex.h"

#include "store/database.h"
#include "store/storeerror.h"
#include "text/utf8.h"

#include <sqlite3.h>
#include <utf8proc.h>

namespace spanforge::store {
namespace {

// Appends the case-folded code points of UTF-8 text (invalid bytes skipped).
void foldInto(const unsigned char* s, int n, std::u32string& out) {
  for (int i = 0; i < n;) {
    utf8proc_int32_t cp = 0;
    const auto len = utf8proc_iterate(s + i, n - i, &cp);
    if (len <= 0) {
      ++i;
      continue;
    }
    out.push_back(static_cast<char32_t>(utf8proc_tolower(cp)));
    i += static_cast<int>(len);
  }
}

void destroyFolded(void* p) { delete static_cast<std::u32string*>(p); }

// sf_contains(text, term): 1 when term occurs in text, ignoring case.
void containsFolded(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* text = sqlite3_value_text(argv[0]);
  const auto* term = sqlite3_value_text(argv[1]);
  if (!text || !term) {
    sqlite3_result_null(ctx);
    return;
  }
  // The term is the same for every row: fold it once per statement and keep
  // it as auxiliary data (SQLite may drop that at any time, even at once).
  std::u32string local;
  const auto* needle = static_cast<const std::u32string*>(sqlite3_get_auxdata(ctx, 1));
  if (!needle) {
    foldInto(term, sqlite3_value_bytes(argv[1]), local);
    sqlite3_set_auxdata(ctx, 1, new std::u32string(local), destroyFolded);
    needle = &local;
  }
  thread_local std::u32string hay;
  hay.clear();
  foldInto(text, sqlite3_value_bytes(argv[0]), hay);
  sqlite3_result_int(ctx, hay.find(*needle) != std::u32string::npos);
}

}  // namespace

void SearchIndex::registerFunctions() {
  const int rc = sqlite3_create_function_v2(db_.handle(), "sf_contains", 2,
                                            SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                            nullptr, &containsFolded, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) {
    throw StoreError(db_.path() + ": cannot register sf_contains: " + sqlite3_errstr(rc));
  }
}

bool SearchIndex::hasPending() {
  Statement& st = db_.cached("SELECT EXISTS (SELECT 1 FROM fts_queue)");
  const bool pending = st.step() && st.columnInt(0) != 0;
  st.reset();
  return pending;
}

void SearchIndex::flush() {
  if (!hasPending()) return;
  db_.cached(
         "INSERT INTO documents_fts(rowid, text) "
         "SELECT d.id, d.text FROM fts_queue q JOIN documents d ON d.id = q.id ORDER BY q.id")
      .step();
  db_.cached("DELETE FROM fts_queue").step();
}

bool SearchIndex::usesIndex(std::string_view term) { return text::codePointCount(term) >= 3; }

std::string SearchIndex::matchExpression(std::string_view term) {
  // Inside an FTS5 string a double quote is written twice; everything else,
  // operators included, is literal.
  std::string out = "\"";
  for (char c : term) {
    out += c;
    if (c == '"') out += '"';
  }
  out += '"';
  return out;
}

}  // namespace spanforge::store
