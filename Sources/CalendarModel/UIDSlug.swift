/// Turns names and ids into the parts of UIDs calbridge derives (birthdays, schedules): lower-case
/// letters (of any script, so Sören and Søren stay apart), digits and `-`; the same on every run.
/// Stores make the result safe for their resource names.
package enum UIDSlug {
    package static func make(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            // ASCII, nearly every name, is judged by its value, far cheaper than asking Unicode's
            // properties of every letter (Benchmarks/NOTES.md).
            let kept =
                scalar.isASCII
                ? (0x61...0x7A).contains(scalar.value) || (0x30...0x39).contains(scalar.value)
                : scalar.properties.isAlphabetic
            slug.append(kept ? scalar : "-")
        }
        return String(slug)
    }
}
