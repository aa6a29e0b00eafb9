import CalendarModel

/// What one vCard file held: its contact cards, what could not be read, and how many cards had no
/// date for a calendar.
public struct VCardReadResult: Hashable, Sendable {
    /// Every card in file order, including those without dates (their names may still be wanted).
    public var cards: [ContactCard]
    /// What was skipped and why, in file order.
    public var problems: [Diagnostic]
    /// Cards with no usable birthday, anniversary or labelled date (a DEATHDATE alone does not count).
    public var cardsWithoutDates: Int

    public init(cards: [ContactCard] = [], problems: [Diagnostic] = [], cardsWithoutDates: Int = 0) {
        self.cards = cards
        self.problems = problems
        self.cardsWithoutDates = cardsWithoutDates
    }
}
