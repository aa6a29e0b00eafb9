/// What calbridge takes from a contact card (vCard): who it is and the dates worth a calendar event.
/// The vCard reader fills it in; the birthday calendar is made from it.
public struct ContactCard: Hashable, Sendable {
    /// The card's UID, when it has one.
    public var uid: String?
    /// The name to show: FN, else N, else ORG, else an email address.
    public var displayName: String
    public var dates: [ContactDate]
    /// DEATHDATE: no birthday event after it.
    public var deathDate: ContactDate?
    /// Where the card began in its file.
    public var location: SourceLocation?

    public init(uid: String?, displayName: String, dates: [ContactDate] = [], deathDate: ContactDate? = nil,
                location: SourceLocation? = nil) {
        self.uid = uid
        self.displayName = displayName
        self.dates = dates
        self.deathDate = deathDate
        self.location = location
    }
}

/// One date on a contact card: a birthday, an anniversary or a labelled date (Apple's X-ABDATE),
/// with or without the year.
public struct ContactDate: Hashable, Sendable {
    /// What the date commemorates.
    public enum Kind: Hashable, Sendable {
        case birthday
        case anniversary
        /// A date with the label the address book gave it (`_$!<Anniversary>!$_`, `Name day`).
        case labelled(String)
    }

    public var kind: Kind
    /// `nil` when the card leaves the year out (`--0412`, Apple's X-APPLE-OMIT-YEAR).
    public var year: Int?
    public var month: Int
    public var day: Int
    /// The line the property stood on.
    public var location: SourceLocation?

    public init(kind: Kind, year: Int?, month: Int, day: Int, location: SourceLocation? = nil) {
        self.kind = kind
        self.year = year
        self.month = month
        self.day = day
        self.location = location
    }
}
