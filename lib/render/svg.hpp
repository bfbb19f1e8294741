// A small SVG writer for the renderers: well-formed XML by construction (every value is
// escaped, elements close in order), numbers written short, a <title> first for screen readers.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ludus::render {

// Text with &, <, >, " and ' replaced by entities; bytes that XML 1.0 forbids (control
// characters other than tab and newline) are dropped.
std::string xml_escape(std::string_view text);

// A coordinate or length: at most two decimals, no trailing zeros ("12", "12.5", "-0.25").
std::string num(double value);

// One attribute: the name is a constant of the caller; the value is escaped when written.
struct Attr {
    std::string_view name;
    std::string value;
    Attr(std::string_view n, std::string v) : name(n), value(std::move(v)) {}
    Attr(std::string_view n, std::string_view v) : name(n), value(v) {}
    Attr(std::string_view n, const char *v) : name(n), value(v) {}
    Attr(std::string_view n, double v) : name(n), value(num(v)) {}
    Attr(std::string_view n, int v) : name(n), value(std::to_string(v)) {}
};

using Attrs = std::initializer_list<Attr>;

class Svg {
public:
    // Opens the document: an <svg> of width x height pixels (viewBox the same) whose <title>
    // is `title` (also its aria-label) and, when given, a <desc>.
    Svg(double width, double height, std::string_view title, std::string_view desc = {});

    void open(std::string_view tag, Attrs attrs = {});         // <tag ...>, closed by close()
    void open(std::string_view tag, Attrs attrs, Attrs more);  // the attributes of both lists
    void close();
    void element(std::string_view tag, Attrs attrs);                         // <tag .../>
    void text(std::string_view tag, Attrs attrs, std::string_view content);  // <tag ...>content</tag>

    // Shorthands.
    void rect(double x, double y, double w, double h, Attrs more);
    void circle(double cx, double cy, double r, Attrs more);
    void line(double x1, double y1, double x2, double y2, Attrs more);
    // A <text> centred on (x, y) (text-anchor middle, baseline central).
    void label(double x, double y, double font_size, std::string_view content, Attrs more);

    // Closes every open element and the document; returns it.
    std::string finish();

private:
    void start_tag(std::string_view tag, Attrs attrs, std::initializer_list<Attr> extra = {});
    void indent();

    std::string out_;
    std::vector<std::string> open_;
};

}  // namespace ludus::render
