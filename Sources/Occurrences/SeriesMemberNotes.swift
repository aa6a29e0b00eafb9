import CalendarModel

/// What a streamed expansion needs of an event or to-do as it is read: its series key with the key's
/// hash, and what ``ExpansionGuesses`` notes of it. Made on the reader's workers (the reader's
/// `study`, see `StreamedExpansion.reader`), so that the thread reading the calendar only takes it in.
struct SeriesMemberNotes: Sendable {
    /// The key and its hash; nil without a UID, where the key names the component's place, which
    /// only the reading thread knows.
    private var identified: (key: SeriesKey, hash: Int)?
    private var isTodo: Bool
    var sighting: ExpansionGuesses.Sighting

    init(_ component: Component) {
        sighting = ExpansionGuesses.Sighting(component)
        isTodo = component.name == "VTODO"
        identified = sighting.uid.map { [isTodo] uid in
            let key = SeriesKey(isTodo: isTodo, uid: uid)
            return (key, key.hashValue)
        }
    }

    /// The series key of the component at `index` among the calendar's (see `SeriesKey(of:index:)`),
    /// and its hash.
    func key(index: Int) -> (key: SeriesKey, hash: Int) {
        if let identified { return identified }
        let key = SeriesKey(isTodo: isTodo, uid: "calbridge-no-uid-\(index)")
        return (key, key.hashValue)
    }
}
