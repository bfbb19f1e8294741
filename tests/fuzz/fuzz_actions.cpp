// Random action sequences: the input is a program of one-byte commands (with dice values and
// choices taken from the input) over a game of the catalogue whose ruleset and options come from
// the first bytes. After every command the game's promises are checked: a failed call changes
// nothing, a saved state restores identically, undo returns to the position before.
#include <algorithm>

#include "fuzz_common.hpp"

namespace {

struct Input {
    const uint8_t *data;
    size_t size, pos = 0;
    bool done() const { return pos >= size; }
    uint8_t next() { return pos < size ? data[pos++] : 0; }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Input in{data, size};
    const std::vector<fuzz::Variant> &variants = fuzz::variants();
    const fuzz::Variant &variant = variants[in.next() % variants.size()];
    // The game's other options, each from one byte (in the catalogue entry's order): the seed
    // that byte; any other option its default for an even byte, else a value of its list or of
    // (the start of) its range.
    nlohmann::json options = variant.options;
    for (const auto &[name, spec] : variant.entry->at("options").items()) {
        if (name == "ruleset") continue;
        const uint8_t byte = in.next();
        if (spec["type"] == "seed") {
            options[name] = byte;
        } else if (byte % 2 == 1 && spec["type"] == "choice") {
            options[name] = spec["values"][(byte / 2) % spec["values"].size()];
        } else if (byte % 2 == 1 && spec["type"] == "integer") {
            const int64_t min = spec["min"], max = spec["max"];
            options[name] = min + (byte / 2) % std::min<int64_t>(max - min + 1, 128);
        }
    }
    // Some options exclude others (a number of pieces in one ruleset only): refused, with a
    // reason (fuzz_options fuzzes the refusals).
    ludus_game *g = nullptr;
    if (ludus_game_new(variant.id.c_str(), options.dump().c_str(), &g) != LUDUS_OK) {
        if (g != nullptr || ludus_last_error()[0] == '\0')
            fuzz::broken("a refused option set without a reason", options.dump());
        return 0;
    }

    int round_trips = 0;
    for (int steps = 0; !in.done() && steps < 300; ++steps) {
        const uint8_t op = in.next();
        const bool thorough = steps % 32 == 0;  // the whole saved state; else the position
        switch (op % 8) {
        case 0:
        case 1:
        case 2:
        case 3: {  // the main thing: a move by integer, or a roll
            if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
                int dice[8];
                size_t n = 0;
                const std::string before = fuzz::fingerprint(g);
                if (ludus_game_roll(g, dice, op & 8 ? 1 : 8, &n) == LUDUS_E_BUFFER_TOO_SMALL) {
                    if (fuzz::fingerprint(g) != before) fuzz::broken("a roll into too small a buffer changed the game");
                }
            } else {
                std::vector<int32_t> list = fuzz::actions(g);
                int32_t a = list.empty() ? static_cast<int32_t>(op) << 16 : list[in.next() % list.size()];
                fuzz::unchanged_on_failure(
                    g, [&] { return ludus_game_apply_action(g, a); }, "apply_action", thorough);
            }
            break;
        }
        case 4: {  // dice from outside, any values, any count (valid or not)
            int dice[4];
            const size_t n = (op >> 3) % 4;
            for (size_t i = 0; i < n; ++i) dice[i] = static_cast<int8_t>(in.next()) % 9;
            fuzz::unchanged_on_failure(
                g, [&] { return ludus_game_set_dice(g, dice, n); }, "set_dice", thorough);
            break;
        }
        case 5: {  // undo (on a clone, every other time: the clone must behave alike)
            if (op & 8) {
                ludus_game *c = nullptr;
                if (ludus_game_clone(g, &c) != LUDUS_OK) fuzz::broken("clone");
                ludus_game_free(g);
                g = c;
            }
            fuzz::unchanged_on_failure(
                g, [&] { return ludus_game_undo(g); }, "undo", thorough);
            break;
        }
        case 6: {  // save, restore, continue with the restored game (a few times: replaying is linear)
            if (++round_trips > 4) break;
            ludus_game *r = fuzz::round_trip(g);
            ludus_game_free(g);
            g = r;
            fuzz::inspect(g);
            break;
        }
        case 7: {  // an integer that is most likely not legal, or an agreed draw
            if (op & 8) {
                fuzz::unchanged_on_failure(
                    g, [&] { return ludus_game_agree_draw(g); }, "agree_draw", thorough);
            } else {
                int32_t a = static_cast<int32_t>(in.next()) | static_cast<int32_t>(in.next()) << 8 |
                            static_cast<int32_t>(op) << 24;
                fuzz::unchanged_on_failure(
                    g, [&] { return ludus_game_apply_action(g, a); }, "apply_action", thorough);
            }
            break;
        }
        }
    }
    ludus_game_free(fuzz::round_trip(g));
    ludus_game_free(g);
    return 0;
}
