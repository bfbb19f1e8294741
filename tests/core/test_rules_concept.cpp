// The rules contract (lib/rules_concept.hpp): every rules type of the catalogue meets it, and a
// rules type that lacks a member, carries half of an optional pair, or claims dice without a
// generator does not, so the registry refuses to bind it.
#include <doctest/doctest.h>

#include "duodecim/duodecim.hpp"
#include "latrunculi/latrunculi.hpp"
#include "latrunculi/schaedler.hpp"
#include "petteia/petteia.hpp"
#include "rules_concept.hpp"
#include "ur/ur.hpp"
#include "xii_scripta/xii_scripta.hpp"

namespace {

using namespace ludus;

struct WithoutApply : PetteiaRules {
    static void apply() = delete;
};
struct WithoutEnvelope : DuodecimRules {
    static void result() = delete;
};
struct HalfRepetition : PetteiaRules {
    static void repetition_window() = delete;
};
struct DiceWithoutGenerator : PetteiaRules {
    static constexpr bool has_dice = true;
};
struct HalfBuffered : PetteiaRules {
    static void write_actions() = delete;
};
struct WithoutBoard : PetteiaRules {  // the catalogue's "board"
    static void board_json() = delete;
};
struct DiceWithoutKind : DuodecimRules {  // the catalogue's "dice"
    static void dice_kind() = delete;
};

static_assert(Rules<DuodecimRules> && Rules<PetteiaRules> && Rules<PetteiaBitRules> && Rules<LatrunculiRules> &&
              Rules<LatrunculiWideRules> && Rules<SchaedlerRules> && Rules<XiiScriptaRules> && Rules<UrRules>);
static_assert(!Rules<WithoutApply> && !Rules<WithoutEnvelope> && !Rules<HalfRepetition> &&
              !Rules<DiceWithoutGenerator> && !Rules<HalfBuffered> && !Rules<WithoutBoard> && !Rules<DiceWithoutKind>);

}  // namespace

TEST_CASE("the rules contract holds for every rules type and refuses an incomplete one") {
    CHECK(Rules<DuodecimRules>);
    CHECK(Rules<XiiScriptaRules>);
    CHECK(Rules<UrRules>);
    CHECK(Rules<SchaedlerRules>);
    CHECK(RulesMoves<PetteiaRules>);
    CHECK_FALSE(RulesMoves<WithoutApply>);
    CHECK_FALSE(RulesBasics<WithoutEnvelope>);
    CHECK_FALSE(RepetitionRules<HalfRepetition>);
    CHECK(RepetitionRules<DuodecimRules>);  // none of the four: allowed
    CHECK_FALSE(DiceRules<DiceWithoutGenerator>);
    CHECK_FALSE(BufferedActions<HalfBuffered>);
}
