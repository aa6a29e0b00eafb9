import Foundation

/// A colour an event is drawn in, as red, green and blue bytes: only colours calbridge has read and
/// checked reach a picture, so a hostile COLOR value can never become markup.
package struct ViewColour: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads what calendars write: `#RGB`, `#RRGGBB`, Apple's `#RRGGBBAA` (alpha left out), or one of
    /// the CSS3 colour names RFC 7986 §5.9 gives COLOR; nil for anything else.
    package init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.first == "#" {
            let hex = Array(trimmed.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let digits = hex.count <= 4 ? hex.prefix(3).flatMap { [$0, $0] } : Array(hex.prefix(6))
            guard let value = Int(String(digits), radix: 16) else { return nil }
            self.init(rgb: value)
        } else if let value = CSSColourNames.values[trimmed.lowercased()] {
            self.init(rgb: value)
        } else {
            return nil
        }
    }

    /// `#1e90ff`: the only form calbridge writes into markup.
    package var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    package var luminance: Double {
        func linear(_ byte: UInt8) -> Double {
            let c = Double(byte) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between two colours, from 1 (the same) to 21 (black on white).
    package func contrast(with other: ViewColour) -> Double {
        let (lighter, darker) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// Text drawn on this colour, at least WCAG AA's 4.5:1 on it: near-black or white, whichever
    /// contrasts more, and black where neither reaches 4.5 (fills of luminance near 0.2, such as
    /// #E9322D). Black or white always does: the worse of the two is at least 4.58:1.
    package var textColour: ViewColour {
        let white = ViewColour(red: 0xFF, green: 0xFF, blue: 0xFF), nearBlack = ViewColour(red: 0x1A, green: 0x1A, blue: 0x1A)
        let best = contrast(with: white) >= contrast(with: nearBlack) ? white : nearBlack
        return contrast(with: best) >= Self.leastTextContrast ? best : ViewColour(red: 0, green: 0, blue: 0)
    }

    /// WCAG 2.x success criterion 1.4.3 (AA) for normal-sized text.
    package static let leastTextContrast = 4.5

    /// Colours for inputs that name none, told apart from each other and from white text: the first
    /// input gets the first, and so on round.
    package static let palette: [ViewColour] = [0x1F6FB2, 0x2E8B57, 0xC0392B, 0x8E44AD, 0xD35400, 0x16A085, 0x7F6A00, 0xB03A6F]
        .map(ViewColour.init(rgb:))

    /// Colours for categories (`--color-by category`), in the order categories first appear: Paul
    /// Tol's "muted" qualitative scheme, nine colours told apart with colour-blind vision too.
    package static let categoryPalette: [ViewColour] = [
        0xCC6677, 0x332288, 0xDDCC77, 0x117733, 0x88CCEE, 0x882255, 0x44AA99, 0x999933, 0xAA4499,
    ]
    .map(ViewColour.init(rgb:))

    /// An occurrence without a category, in Tol's grey for "no data".
    package static let noCategory = ViewColour(rgb: 0xDDDDDD)

    init(rgb value: Int) {
        self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }
}
