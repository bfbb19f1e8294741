// The undo history of a game: the state before each event, and the event.
//
// Clones share what came before them: clone() freezes the mutable tail into an immutable,
// reference-counted chunk that both copies point at, so cloning costs O(1) whatever the
// length of the game, and searching code never copies a growing history.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "game.hpp"

namespace ludus {

struct Event {
    enum class Kind : uint8_t { move, engine_roll, outside_roll, agreed_draw };
    Kind kind = Kind::move;
    uint8_t dice_count = 0;
    std::array<uint8_t, 4> dice{};
    Action action = 0;

    static Event move(Action a) { return {Kind::move, 0, {}, a}; }
    static Event roll(Kind kind, std::span<const int> values) {
        Event e{kind, static_cast<uint8_t>(values.size()), {}, 0};
        for (size_t i = 0; i < values.size() && i < e.dice.size(); ++i) e.dice[i] = static_cast<uint8_t>(values[i]);
        return e;
    }
};

// The last move of a game, for pictures: the state before it and the action (before is
// nullptr when no move has been played).
template <class State>
struct LastMove {
    const State *before = nullptr;
    Action action = 0;
};

template <class State>
class History {
public:
    struct Entry {
        Entry(const State &b, const Event &e) : before(b), event(e) {}  // built in place
        State before;
        Event event;
    };

    size_t size() const { return frozen_size_ + tail_.size(); }
    bool empty() const { return size() == 0; }

    void push(const State &before, const Event &event) {
        // A first block of about 16 KiB: most games and the searches from a fresh clone never grow it.
        if (tail_.capacity() == 0) tail_.reserve(block_entries);
        tail_.emplace_back(before, event);
    }

    const Entry &operator[](size_t i) const {
        if (i >= frozen_size_) return tail_[i - frozen_size_];
        const Chunk *chunk = frozen_.get();
        while (i < chunk->first) chunk = chunk->parent.get();
        return chunk->entries[i - chunk->first];
    }

    // Removes the last entry and returns it.
    Entry pop() {
        if (!tail_.empty()) {
            Entry last = tail_.back();
            tail_.pop_back();
            return last;
        }
        Entry last = (*this)[frozen_size_ - 1];
        --frozen_size_;
        while (frozen_ && frozen_size_ <= frozen_->first) frozen_ = frozen_->parent;
        return last;
    }

    LastMove<State> last_move() const {
        for (size_t i = size(); i > 0; --i)
            if ((*this)[i - 1].event.kind == Event::Kind::move) return {&(*this)[i - 1].before, (*this)[i - 1].event.action};
        return {};
    }

    // Makes every entry so far shareable with a copy (called by clone, before copying).
    void share() const {
        if (tail_.empty()) return;
        auto chunk = std::make_shared<Chunk>();
        chunk->parent = frozen_;
        chunk->first = frozen_size_;
        chunk->entries = std::move(tail_);
        tail_.clear();
        frozen_size_ += chunk->entries.size();
        frozen_ = std::move(chunk);
    }

private:
    static constexpr size_t block_entries = std::max<size_t>(16, 16384 / sizeof(Entry));

    struct Chunk {
        std::shared_ptr<const Chunk> parent;
        size_t first = 0;  // index of entries[0] in the whole history
        std::vector<Entry> entries;
    };

    // mutable: sharing changes how the entries are stored, never which entries there are.
    mutable std::shared_ptr<const Chunk> frozen_;
    mutable size_t frozen_size_ = 0;  // entries 0..frozen_size_-1 live in frozen chunks
    mutable std::vector<Entry> tail_;
};

}  // namespace ludus
