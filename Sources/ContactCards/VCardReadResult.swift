import CalendarModel

/// What one vCard file held: its contact cards, what could not be read, and how many cards had no
/// date for a calendar.
package struct VCardReadResult: Hashable, Sendable {
    /// Every card in file order, including those without dates (their names may still be wanted).
    package var cards: [ContactCard]
    /// What was skipped and why, in file order.
    package var problems: [Diagnostic]
    /// Cards with no usable birthday, anniversary or labelled date (a DEATHDATE alone does not count).
    package var cardsWithoutDates: Int
    /// Dates skipped because they could not be read (an impossible day, text, another calendar).
    package var datesSkipped: Int

    package init(cards: [ContactCard] = [], problems: [Diagnostic] = [], cardsWithoutDates: Int = 0, datesSkipped: Int = 0) {
        self.cards = cards
        self.problems = problems
        self.cardsWithoutDates = cardsWithoutDates
        self.datesSkipped = datesSkipped
    }
}
