// The undo history of a game: the state before each event, and the event.
//
// Clones share what came before them: clone() freezes the mutable tail into an immutable,
// reference-counted chunk that both copies point at, so cloning costs O(1) whatever the
// length of the game, and searching code never copies a growing history. The history grows in
// blocks, recycled per thread: no reallocation, and no allocation once a thread has played
// games as long before.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
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
#pragma GCC unroll 4
        for (size_t i = 0; i < e.dice.size(); ++i) e.dice[i] = i < values.size() ? static_cast<uint8_t>(values[i]) : 0;
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

    // Entries in storage allocated at a fixed capacity and never reallocated, so that adding
    // one is a plain copy: the caller has made room (a vector's emplace_back carries its
    // reallocation, and is not always inlined). The storage is left uninitialised until used.
    class Block {
    public:
        Block() = default;
        Block(const Block &other) {
            reserve(other.size_);
            std::uninitialized_copy_n(other.data_.get(), other.size_, data_.get());
            size_ = other.size_;
        }
        Block(Block &&) noexcept = default;
        Block &operator=(Block &&) noexcept = default;

        size_t size() const { return size_; }
        size_t capacity() const { return capacity_; }
        bool empty() const { return size_ == 0; }
        bool full() const { return size_ == capacity_; }
        const Entry &operator[](size_t i) const { return data_[i]; }
        const Entry &back() const { return data_[size_ - 1]; }

        void clear() { size_ = 0; }
        void pop_back() { --size_; }
        [[gnu::always_inline]] void push_back(const State &before, const Event &event) {  // !full()
            std::construct_at(data_.get() + size_, before, event);
            ++size_;
        }

        // At least `n` entries of room in all, keeping those there are.
        void reserve(size_t n) {
            if (n <= capacity_) return;
            Storage bigger(static_cast<Entry *>(::operator new(n * sizeof(Entry))));
            std::uninitialized_copy_n(data_.get(), size_, bigger.get());
            data_ = std::move(bigger);
            capacity_ = n;
        }

    private:
        struct Release {
            void operator()(Entry *p) const { ::operator delete(p); }  // entries need no destructor
        };
        using Storage = std::unique_ptr<Entry[], Release>;
        static_assert(std::is_trivially_destructible_v<Entry> && std::is_trivially_copyable_v<Entry>);

        Storage data_;
        size_t size_ = 0;
        size_t capacity_ = 0;
    };

    History() = default;
    History(const History &other) : frozen_(other.frozen_), frozen_size_(other.frozen_size_), tail_(other.tail_) {
        retain(frozen_);
    }
    History &operator=(const History &) = delete;
    ~History() {
        release(frozen_);
        // The tail's block back to the pool, to the chunk it was most likely taken from.
        Pool *pool = Pool::get();
        if (pool != nullptr && !pool->chunks.empty() && pool->chunks.back()->entries.capacity() == 0 &&
            tail_.capacity() >= block_entries) {
            tail_.clear();
            std::swap(tail_, pool->chunks.back()->entries);
        }
    }

    size_t size() const { return frozen_size_ + tail_.size(); }
    bool empty() const { return size() == 0; }

    // Inline: this is on every move and roll; a new block (once in hundreds) is out of line.
    [[gnu::always_inline]] void push(const State &before, const Event &event) {
        if (tail_.full()) [[unlikely]]
            next_block();
        tail_.push_back(before, event);
    }

    const Entry &operator[](size_t i) const {
        if (i >= frozen_size_) return tail_[i - frozen_size_];
        const Chunk *chunk = frozen_;
        while (i < chunk->first) chunk = chunk->parent;
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
        while (frozen_ != nullptr && frozen_size_ <= frozen_->first) {
            Chunk *parent = frozen_->parent;
            retain(parent);
            release(frozen_);
            frozen_ = parent;
        }
        return last;
    }

    LastMove<State> last_move() const {
        for (size_t i = size(); i > 0; --i)
            if ((*this)[i - 1].event.kind == Event::Kind::move)
                return {&(*this)[i - 1].before, (*this)[i - 1].event.action};
        return {};
    }

    // Makes every entry so far shareable with a copy (called by clone, before copying).
    void share() const {
        if (tail_.empty()) return;
        Chunk *chunk = take_chunk();
        std::swap(chunk->entries, tail_);  // the tail's entries move, nothing is copied
        chunk->first = frozen_size_;
        chunk->parent = frozen_;  // our reference passes to the chunk
        frozen_size_ += chunk->entries.size();
        frozen_ = chunk;
    }

private:
    // Blocks of about 16 KiB: a full tail is frozen into a chunk (as for a clone), so that the
    // history never reallocates or copies as the game lengthens.
    static constexpr size_t block_entries = std::max<size_t>(16, 16384 / sizeof(Entry));

    // An immutable part of the history, shared by clones; counted references (atomic: clones
    // may be freed by different threads).
    struct Chunk {
        std::atomic<uint32_t> refs{1};
        Chunk *parent = nullptr;  // holds a reference
        size_t first = 0;         // index of entries[0] in the whole history
        Block entries;
    };

    // Chunks no game uses any more, with their blocks, kept per thread for the next ones, so
    // that a game that grows as long as one before it (or a new clone) allocates nothing.
    struct Pool {
        static constexpr size_t capacity = 16;
        std::vector<Chunk *> chunks;
        Pool() { chunks.reserve(capacity); }
        ~Pool() {
            alive() = false;
            for (Chunk *c : chunks) delete c;
        }
        // False once this thread's pool is destroyed (games freed later, e.g. by static
        // destructors, then free their chunks directly).
        static bool &alive() {
            static thread_local bool flag = true;
            return flag;
        }
        static Pool *get() {
            if (!alive()) return nullptr;
            static thread_local Pool pool;
            return &pool;
        }
    };

    static Chunk *take_chunk() {
        Pool *pool = Pool::get();
        if (pool == nullptr || pool->chunks.empty()) return new Chunk;
        Chunk *c = pool->chunks.back();
        pool->chunks.pop_back();
        c->refs.store(1, std::memory_order_relaxed);
        return c;
    }

    static void retain(Chunk *c) {
        if (c != nullptr) c->refs.fetch_add(1, std::memory_order_relaxed);
    }

    // Drops a reference; a chunk no longer used goes back to the pool, and drops its parent.
    static void release(Chunk *c) {
        while (c != nullptr && c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            Chunk *parent = c->parent;
            c->entries.clear();  // keeps the block
            c->parent = nullptr;
            Pool *pool = Pool::get();
            if (pool != nullptr && pool->chunks.size() < Pool::capacity) {
                pool->chunks.push_back(c);
            } else {
                delete c;
            }
            c = parent;
        }
    }

    // The tail is full (or has no block yet): freeze it, and give the tail an empty block.
    [[gnu::noinline]] void next_block() {
        share();
        if (tail_.capacity() >= block_entries) return;  // the frozen chunk's old block
        if (Pool *pool = Pool::get();
            pool != nullptr && !pool->chunks.empty() && pool->chunks.back()->entries.capacity() >= block_entries) {
            std::swap(tail_, pool->chunks.back()->entries);
            return;
        }
        tail_.reserve(block_entries);
    }

    // mutable: sharing changes how the entries are stored, never which entries there are.
    mutable Chunk *frozen_ = nullptr;  // the newest chunk (a reference), or none
    mutable size_t frozen_size_ = 0;   // entries 0..frozen_size_-1 live in frozen chunks
    mutable Block tail_;
};

}  // namespace ludus
