#include "svg.hpp"

#include <cmath>
#include <cstdio>

namespace ludus::render {

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') break;  // not allowed in XML 1.0
            out += c;
        }
    }
    return out;
}

std::string num(double value) {
    if (!std::isfinite(value)) return "0";
    double rounded = std::round(value * 100.0) / 100.0;
    if (rounded == 0.0) rounded = 0.0;  // no "-0"
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f", rounded);
    std::string text = buffer;
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
}

Svg::Svg(double width, double height, std::string_view title, std::string_view desc) {
    out_ = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    start_tag("svg", {{"xmlns", "http://www.w3.org/2000/svg"},
                      {"version", "1.1"},
                      {"width", width},
                      {"height", height},
                      {"viewBox", "0 0 " + num(width) + " " + num(height)},
                      {"role", "img"},
                      {"aria-label", title}});
    out_ += ">\n";
    open_.emplace_back("svg");
    text("title", {}, title);
    if (!desc.empty()) text("desc", {}, desc);
}

void Svg::indent() { out_.append(2 * open_.size(), ' '); }

void Svg::start_tag(std::string_view tag, Attrs attrs, std::initializer_list<Attr> extra) {
    out_ += '<';
    out_ += tag;
    for (const auto *list : {&extra, &attrs}) {
        for (const Attr &a : *list) {
            out_ += ' ';
            out_ += a.name;
            out_ += "=\"";
            out_ += xml_escape(a.value);
            out_ += '"';
        }
    }
}

void Svg::open(std::string_view tag, Attrs attrs) { open(tag, attrs, {}); }

void Svg::open(std::string_view tag, Attrs attrs, Attrs more) {
    indent();
    start_tag(tag, attrs, more);
    out_ += ">\n";
    open_.emplace_back(tag);
}

void Svg::close() {
    if (open_.size() <= 1) return;  // the <svg> itself closes in finish()
    std::string tag = std::move(open_.back());
    open_.pop_back();
    indent();
    out_ += "</" + tag + ">\n";
}

void Svg::element(std::string_view tag, Attrs attrs) {
    indent();
    start_tag(tag, attrs);
    out_ += "/>\n";
}

void Svg::text(std::string_view tag, Attrs attrs, std::string_view content) {
    indent();
    start_tag(tag, attrs);
    out_ += '>';
    out_ += xml_escape(content);
    out_ += "</";
    out_ += tag;
    out_ += ">\n";
}

void Svg::rect(double x, double y, double w, double h, Attrs more) {
    indent();
    start_tag("rect", more, {{"x", x}, {"y", y}, {"width", w}, {"height", h}});
    out_ += "/>\n";
}

void Svg::circle(double cx, double cy, double r, Attrs more) {
    indent();
    start_tag("circle", more, {{"cx", cx}, {"cy", cy}, {"r", r}});
    out_ += "/>\n";
}

void Svg::line(double x1, double y1, double x2, double y2, Attrs more) {
    indent();
    start_tag("line", more, {{"x1", x1}, {"y1", y1}, {"x2", x2}, {"y2", y2}});
    out_ += "/>\n";
}

void Svg::label(double x, double y, double font_size, std::string_view content, Attrs more) {
    indent();
    start_tag(
        "text", more,
        {{"x", x}, {"y", y}, {"font-size", font_size}, {"text-anchor", "middle"}, {"dominant-baseline", "central"}});
    out_ += '>';
    out_ += xml_escape(content);
    out_ += "</text>\n";
}

std::string Svg::finish() {
    while (open_.size() > 1) close();
    if (!open_.empty()) {
        open_.clear();
        out_ += "</svg>\n";
    }
    return std::move(out_);
}

}  // namespace ludus::render
