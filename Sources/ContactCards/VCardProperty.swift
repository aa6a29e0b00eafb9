/// One content line read into its parts: `[group.]NAME *(;param) : value` (RFC 2425 §5.8.2,
/// RFC 6350 §3.3). The value stays raw bytes; only the properties a contact card needs are decoded.
struct VCardProperty {
    /// Lower-cased, so `item1` and `ITEM1` pair up; `nil` without a group.
    var group: String?
    /// Upper-cased: property names are case-insensitive.
    var name: String
    var parameters: [Parameter]
    /// Where the value begins in the unfolded line.
    var valueOffset: Int

    /// A parameter with its name upper-cased and its value unquoted (`TYPE=HOME,VOICE` keeps
    /// `HOME,VOICE` together).
    struct Parameter {
        var name: String
        var value: String
    }

    /// The first value of the named parameter (an upper-case name).
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}
