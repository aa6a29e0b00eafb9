/// The two grammars content lines are written in: iCalendar's (RFC 5545 §3.1) and vCard's (RFC 6350
/// §3.3, RFC 2425 §5.8.2), which adds group prefixes, vCard 2.1's bare parameters and quoted-printable
/// soft line breaks. One lexer reads both, so a line means the same to every reader.
@usableFromInline
package enum ContentLineDialect: Sendable {
    case iCalendar
    case vCard

    /// Names are letters, digits and `-`. vCard writers also put `_` in X- names, and refusing the
    /// whole line for it would lose a card's data for no gain.
    /// Inlinable (with the type usable from inline) so the readers in other modules classify bytes
    /// without a call per byte: a `package` member is not inlined across modules otherwise.
    @inlinable @inline(__always)
    package func isNameByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 45 || (b == 95 && self == .vCard)
    }

    /// What a name may hold, for messages.
    var nameCharacters: String {
        self == .vCard ? "letters, digits, '-' and '_'" : "letters, digits and '-'"
    }
}
