// The rules contract (lib/rules_concept.hpp): every rules type of the catalogue meets it, and a
// rules type that lacks a member, carries half of an optional pair, or claims dice without a
// generator does not, so the registry refuses to bind it. The rules types a RulesChoice chooses
// are held to it where the registry binds them (RulesGame<R> requires Rules<R>).
#include <doctest/doctest.h>

#include "registry_games.hpp"
#include "rules_concept.hpp"

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

// Every game of the registry's list: the rules type that names it.
constexpr bool every_game_meets_the_contract = []<class... G>(GameList<G...>) {
    return (Rules<typename NamingRules<G>::type> && ...);
}(RegisteredGames{});

static_assert(every_game_meets_the_contract);
static_assert(!Rules<WithoutApply> && !Rules<WithoutEnvelope> && !Rules<HalfRepetition> &&
              !Rules<DiceWithoutGenerator> && !Rules<HalfBuffered> && !Rules<WithoutBoard> && !Rules<DiceWithoutKind>);

}  // namespace

TEST_CASE("the rules contract holds for every rules type and refuses an incomplete one") {
    CHECK(every_game_meets_the_contract);
    CHECK(RulesMoves<PetteiaRules>);
    CHECK_FALSE(RulesMoves<WithoutApply>);
    CHECK_FALSE(RulesBasics<WithoutEnvelope>);
    CHECK_FALSE(RepetitionRules<HalfRepetition>);
    CHECK(RepetitionRules<DuodecimRules>);  // none of the four: allowed
    CHECK_FALSE(DiceRules<DiceWithoutGenerator>);
    CHECK_FALSE(BufferedActions<HalfBuffered>);
}
