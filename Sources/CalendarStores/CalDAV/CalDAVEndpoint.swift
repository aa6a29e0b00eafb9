import Foundation

/// Where a CalDAV server is: the origin every request goes to and the decoded path of the URL it
/// was made from. Credentials in the URL are taken out here, so no URL calbridge prints or sends
/// carries them.
struct CalDAVEndpoint: Sendable {
    /// `http` or `https`, lower-case.
    let scheme: String
    /// The host as the URL spells it, IPv6 literals in brackets.
    let host: String
    let port: Int?
    /// The decoded path, `/` when the URL had none.
    let path: String
    /// The user and password the URL carried (`https://user:pw@host/`), if any.
    let userInfo: (user: String, password: String?)?

    init(_ url: URL) throws(CalDAVError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .unsupportedURL(Self.withoutUserInfo(url))
        }
        self.scheme = scheme
        // Linux Foundation keeps IPv6 brackets, Darwin drops them; keep one spelling for the origin.
        self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        port = components.port
        path = components.path.isEmpty ? "/" : components.path
        userInfo = components.user.map { (user: $0, password: components.password) }
    }

    /// `https://host:port`, what requests are sent to.
    var origin: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// The URL of a decoded path on this server, percent-encoded the one way `CalDAVPath` does.
    func url(forPath decodedPath: String) -> String {
        origin + CalDAVPath.encoded(decodedPath)
    }

    /// The URL without credentials, for messages.
    var displayURL: String { url(forPath: path) }

    /// Whether a password may be sent here: over TLS, or to this machine, where it never crosses a network.
    var mayCarryCredentials: Bool {
        scheme == "https" || isLoopback
    }

    /// localhost, 127.0.0.0/8 and ::1.
    var isLoopback: Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The same server with another path, as a redirect or a property names it.
    func with(path newPath: String) -> CalDAVEndpoint {
        CalDAVEndpoint(scheme: scheme, host: host, port: port, path: newPath, userInfo: userInfo)
    }

    private init(scheme: String, host: String, port: Int?, path: String, userInfo: (user: String, password: String?)?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.userInfo = userInfo
    }

    private static func withoutUserInfo(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "the URL" }
        components.user = nil
        components.password = nil
        return components.string ?? "the URL"
    }
}
