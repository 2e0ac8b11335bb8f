// Issue #31, finding 7: label names are validated where labels are created or
// renamed, and adding labels one after another stays linear.
#include "store/labelname.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include "catchapi.h"

#include <set>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::LabelName;
using store::ProjectStore;
using store::StoreError;

TEST_CASE("label names: non-empty, at most 100 code points, no controls, valid UTF-8") {
  CHECK_FALSE(LabelName::problem("PER"));
  CHECK_FALSE(LabelName::problem("B-Person name"));
  CHECK_FALSE(LabelName::problem("Ort/Stadt (ä, 東京)"));
  CHECK_FALSE(LabelName::problem(std::string(100, 'x')));
  std::string hundredWide;
  for (int i = 0; i < 100; ++i) hundredWide += "é";  // 100 code points, 200 bytes
  CHECK_FALSE(LabelName::problem(hundredWide));
  CHECK_THAT(*LabelName::problem(hundredWide + "é"), ContainsSubstring("101 characters"));
  CHECK_THAT(*LabelName::problem(""), ContainsSubstring("needs a name"));
  CHECK_THAT(*LabelName::problem("A\tB"),
             ContainsSubstring("U+0009") && ContainsSubstring("A\\tB"));
  CHECK_THAT(*LabelName::problem("A\nB"), ContainsSubstring("U+000A"));
  CHECK_THAT(*LabelName::problem("A\x1b[31m"),
             ContainsSubstring("U+001B") && ContainsSubstring("A\\x1b[31m"));
  CHECK_THAT(*LabelName::problem("A\x7f"), ContainsSubstring("U+007F"));
  CHECK_THAT(*LabelName::problem("A\xc2\x85"), ContainsSubstring("U+0085"));
  CHECK_THAT(*LabelName::problem("A\xff"), ContainsSubstring("not valid UTF-8"));
  CHECK_THAT(*LabelName::problem(" A"), ContainsSubstring("space"));
  // A huge name is refused with its start only.
  const auto huge = *LabelName::problem(std::string(1 << 20, 'x'));
  CHECK(huge.size() < 300);
  CHECK_THAT(huge, ContainsSubstring("1048576 characters"));
}

TEST_CASE("the label repository refuses bad names on add and rename") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  CHECK_THROWS_WITH(p->labels().add("A\x1b[2JB"), ContainsSubstring("control character"));
  CHECK_THROWS_AS(p->labels().add(std::string(101, 'L')), StoreError);
  const auto per = p->labels().add("PER");
  CHECK_THROWS_WITH(p->labels().rename(per.id, "P\nER"), ContainsSubstring("U+000A"));
  CHECK(p->labels().get(per.id)->name == "PER");
  CHECK(p->labels().all().size() == 1);
}

TEST_CASE("many labels: palette colours first, then cycling, hotkeys until used up") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  store::Transaction tx(p->db());
  std::set<std::string> firstTwelve;
  for (int i = 0; i < 500; ++i) {
    const auto l = p->labels().add("L" + std::to_string(i));
    if (i < 12) firstTwelve.insert(l.color);
    if (i >= 35) CHECK(l.hotkey.empty());
  }
  tx.commit();
  CHECK(firstTwelve.size() == 12);
  CHECK(p->labels().all().size() == 500);
}
