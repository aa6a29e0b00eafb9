import Foundation

/// A colour an event is drawn in, as red, green and blue bytes: only colours calbridge has read and
/// checked reach a picture, so a hostile COLOR value can never become markup.
public struct ViewColour: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads what calendars write: `#RGB`, `#RRGGBB`, Apple's `#RRGGBBAA` (alpha left out), or one of
    /// the CSS3 colour names RFC 7986 §5.9 gives COLOR; nil for anything else.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.first == "#" {
            let hex = Array(trimmed.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let digits = hex.count <= 4 ? hex.prefix(3).flatMap { [$0, $0] } : Array(hex.prefix(6))
            let value = Int(String(digits), radix: 16)!
            self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        } else if let value = CSSColourNames.values[trimmed.lowercased()] {
            self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// `#1e90ff`: the only form calbridge writes into markup.
    public var hex: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Text drawn on this colour: near-black on light colours, white on dark ones, by WCAG's
    /// relative luminance (the threshold where both give the same contrast ratio).
    public var textColour: ViewColour {
        func linear(_ byte: UInt8) -> Double {
            let c = Double(byte) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return luminance > 0.179 ? ViewColour(red: 0x1A, green: 0x1A, blue: 0x1A) : ViewColour(red: 0xFF, green: 0xFF, blue: 0xFF)
    }

    /// Colours for inputs that name none, told apart from each other and from white text: the first
    /// input gets the first, and so on round.
    public static let palette: [ViewColour] = [0x1F6FB2, 0x2E8B57, 0xC0392B, 0x8E44AD, 0xD35400, 0x16A085, 0x7F6A00, 0xB03A6F]
        .map { ViewColour(red: UInt8($0 >> 16), green: UInt8(($0 >> 8) & 0xFF), blue: UInt8($0 & 0xFF)) }
}
