/// calbridge's version: the one place `--version` and the PRODID of what calbridge writes read it.
package enum CalbridgeVersion {
    package static let number = "0.9.0"

    /// The PRODID of a calendar calbridge made (a repair, a merge of several calendars, an export).
    package static var productIdentifier: String { "-//calbridge//calbridge \(number)//EN" }
}
