import CLibical
import CLibxml2

/// What `calbridge --version` says: calbridge's version and those of the C libraries it was built
/// with (their headers' version macros, so a report names the libical and libxml2 in play).
enum Version {
    static let calbridge = "0.9.0"

    static var description: String {
        "calbridge \(calbridge) (libical \(ICAL_MAJOR_VERSION).\(ICAL_MINOR_VERSION).\(ICAL_PATCH_VERSION), libxml2 \(LIBXML_DOTTED_VERSION))"
    }
}
