/// Turns names and ids into the parts of UIDs calbridge derives (birthdays, schedules): lower-case
/// letters (of any script, so Sören and Søren stay apart), digits and `-`; the same on every run.
/// Stores make the result safe for their resource names.
package enum UIDSlug {
    package static func make(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        })
    }
}
