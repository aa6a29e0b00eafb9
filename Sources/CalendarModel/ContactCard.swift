/// What calbridge takes from a contact card (vCard): who it is and the dates worth a calendar event.
/// The vCard reader fills it in; the birthday calendar is made from it.
package struct ContactCard: Hashable, Sendable {
    /// The card's UID, when it has one.
    package var uid: String?
    /// The name to show: FN, else N, else ORG, else an email address.
    package var displayName: String
    package var dates: [ContactDate]
    /// DEATHDATE: no birthday event after it.
    package var deathDate: ContactDate?
    /// Where the card began in its file.
    package var location: SourceLocation?

    package init(
        uid: String?, displayName: String, dates: [ContactDate] = [], deathDate: ContactDate? = nil,
        location: SourceLocation? = nil
    ) {
        self.uid = uid
        self.displayName = displayName
        self.dates = dates
        self.deathDate = deathDate
        self.location = location
    }
}

/// One date on a contact card: a birthday, an anniversary or a labelled date (Apple's X-ABDATE),
/// with or without the year.
package struct ContactDate: Hashable, Sendable {
    /// What the date commemorates.
    package enum Kind: Hashable, Sendable {
        case birthday
        case anniversary
        /// A date with the label the address book gave it (`_$!<Anniversary>!$_`, `Name day`).
        case labelled(String)
    }

    package var kind: Kind
    /// `nil` when the card leaves the year out (`--0412`, Apple's X-APPLE-OMIT-YEAR).
    package var year: Int?
    package var month: Int
    package var day: Int
    /// The line the property stood on.
    package var location: SourceLocation?

    package init(kind: Kind, year: Int?, month: Int, day: Int, location: SourceLocation? = nil) {
        self.kind = kind
        self.year = year
        self.month = month
        self.day = day
        self.location = location
    }
}
