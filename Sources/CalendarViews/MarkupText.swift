/// Text from a calendar made safe to put into SVG or HTML, and cut to the room it has.
enum MarkupText {
    /// Escapes `&`, `<`, `>` and both quotes, and leaves out what XML 1.0 cannot carry (control
    /// characters: line breaks and tabs become spaces; U+FFFE and U+FFFF), so no title can end an
    /// element or the document.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out += " "
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Characters read at most: a 10,000-character title is cut long before it is measured.
    static let longestRead = 300

    /// The text cut with an ellipsis to fit `width` pixels at `fontSize`, by an estimate of each
    /// character's width in a sans-serif face; cut between characters (grapheme clusters), so a
    /// combining mark stays with its letter. The picture clips what an estimate lets through.
    static func fitted(_ text: String, width: Double, fontSize: Double) -> String {
        let room = width / fontSize
        var used = 0.0
        var kept = ""
        for character in text.prefix(longestRead) {
            let next = used + em(character)
            if next > room {
                while !kept.isEmpty, used + em("…") > room {
                    used -= em(kept.removeLast())
                }
                return kept + "…"
            }
            used = next
            kept.append(character)
        }
        return text.count > longestRead ? kept + "…" : kept
    }

    /// The text in at most `most` lines of `width` pixels (the first `firstWidth`, beside a badge),
    /// by the same estimate as `fitted`: broken after a space, a slash or a hyphen where one falls
    /// in the line, else inside the word with a hyphen; the last line takes the rest, cut with an
    /// ellipsis.
    static func wrapped(_ text: String, width: Double, firstWidth: Double, fontSize: Double, lines most: Int) -> [String] {
        let characters = Array(text.prefix(longestRead))
        var lines: [String] = []
        var start = characters.firstIndex { $0 != " " } ?? characters.count
        while start < characters.count {
            let room = lines.isEmpty ? firstWidth : width
            if lines.count >= most - 1 {
                let rest = String(characters[start...]) + (text.count > longestRead ? "…" : "")
                lines.append(fitted(rest, width: room, fontSize: fontSize))
                break
            }
            var used = 0.0, end = start, lastBreak: Int?
            while end < characters.count, used + em(characters[end]) <= room / fontSize || characters[end] == " " {
                used += em(characters[end])
                end += 1
                if " /-‐".contains(characters[end - 1]) { lastBreak = end }
            }
            var cut = end == characters.count ? end : lastBreak ?? end
            var line: String
            if cut == end && end < characters.count && lastBreak == nil {
                // No break in the line: the word is cut, and a hyphen says it goes on.
                while cut > start + 1, used + em("-") > room / fontSize {
                    cut -= 1
                    used -= em(characters[cut])
                }
                cut = max(cut, start + 1)
                line = String(characters[start..<cut]) + "-"
            } else {
                line = String(characters[start..<cut])
                while line.last == " " { line.removeLast() }
            }
            lines.append(line)
            start = cut
            while start < characters.count, characters[start] == " " { start += 1 }
        }
        return lines
    }

    /// A character's estimated width in em: wide for East Asian ideographs, Hangul and emoji,
    /// narrow for thin Latin letters and punctuation. The widths are Arial's, which Helvetica and
    /// Liberation Sans share; the pictures name those faces first so that a renderer's default
    /// sans-serif (DejaVu Sans, a tenth wider) does not overflow the boxes.
    static func em(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 1.0
        default:
            if "iljtf.,:;'|!()[] ".contains(character) { return 0.3 }
            return character.isUppercase || "mwMW".contains(character) ? 0.72 : 0.56
        }
    }
}
