/// The properties a command reads from events, to-dos and their alarms, for a reader that need not
/// build the others: `expand` to JSON lines reads a dozen names of the thirty an exported event has,
/// and building and freeing the model of the rest was two fifths of its work.
///
/// Lines left out are still read to the end and checked as every line is (syntax, UTF-8, control
/// characters), so a selection changes no diagnostic. Properties whose value calbridge checks (dates,
/// numbers, durations) and those the component checks and ``ItemIdentity`` look for are always kept,
/// and so is every property of a VTIMEZONE.
package struct PropertySelection: Sendable {
    private let names: PropertyNameTable<Bool>

    /// `names` in upper case, as iCalendar names are compared.
    package init(names: some Sequence<String>) {
        let kept = Set(names).union(ComponentChecks.namesLookedFor).union(ItemIdentity.namesLookedFor)
        self.names = PropertyNameTable(Dictionary(uniqueKeysWithValues: kept.map { ($0, true) }))
    }

    /// Whether a property of this name, as written in a line, is built.
    func contains(_ name: ArraySlice<UInt8>) -> Bool {
        names[name] != nil
    }
}
