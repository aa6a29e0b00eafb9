/// A VTIMEZONE that defines only some years, completed by the tz database zone its TZID names. khal
/// and other producers write only the transitions near their events; before the first of them the
/// definition's offset is a guess (a winter date would get summer time) and after the last it would
/// hold forever, so there the database, which the definition copied, speaks instead.
struct PartlyDefinedZone: ZoneRules {
    let definition: DefinedTimeZone
    /// The instants the definition covers (`DefinedTimeZone.definedSpan`).
    let span: ClosedRange<Int>
    let database: SystemTimeZone

    func offset(atUTC second: Int) -> Int {
        span.contains(second) ? definition.offset(atUTC: second) : database.offset(atUTC: second)
    }
}
