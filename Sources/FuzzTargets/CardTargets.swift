import ContactCards

/// Contact cards, the birthday calendar's input.
enum CardTargets {
    /// Any bytes give cards and problems, never a crash; every card read is counted once.
    static let vCard = FuzzTarget("vcard") { bytes in
        let result = VCardReader().read(bytes, file: "fuzz.vcf")
        return result.cardsWithoutDates > result.cards.count
            ? "\(result.cardsWithoutDates) cards without dates among \(result.cards.count) cards" : nil
    }
}
