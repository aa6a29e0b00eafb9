import AsyncHTTPClient
import CalendarWebFormats
import Foundation
import NIOCore
import NIOHTTP1

/// Sends requests to one CalDAV server over the process's long-lived `HTTPClient` (its pool keeps
/// connections alive between requests) and waits for each answer, so the synchronous `CalendarStore`
/// API can sit on top. Passing failures are retried per `CalDAVRetryPolicy`, waiting on a `RetryClock`;
/// what is left after that becomes `StoreError.unavailable`.
///
/// Credentials go only in the `Authorization` header, which nothing here prints. Redirects are not
/// followed: a redirect to another host would carry the header with it.
final class CalDAVTransport {
    let endpoint: CalDAVEndpoint
    var policy = CalDAVRetryPolicy()
    private let clock: any RetryClock
    private let authorization: String?
    private let user: String?
    private let passwordGiven: Bool
    private let lock = NSLock()
    private var isClosed = false
    private var hasAnswered = false

    init(endpoint: CalDAVEndpoint, user: String?, password: String?,
         clock: any RetryClock = BlockingClock()) throws(CalDAVError) {
        let user = user ?? endpoint.userInfo?.user
        let password = password ?? endpoint.userInfo?.password
        self.user = user
        passwordGiven = password != nil
        if let user {
            guard endpoint.mayCarryCredentials else { throw .credentialsNeedHTTPS(host: endpoint.host) }
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        self.endpoint = endpoint
        self.clock = clock
    }

    /// One client for the whole process, never shut down. AsyncHTTPClient 1.37's shutdown can race
    /// the pool taking back the connection of the answer just returned ("A connection that we don't
    /// know was released?", a crash seen in about 1 of 12 store test runs), and one client per process
    /// is what it recommends anyway; idle connections close after its idle timeout.
    ///
    /// The pool does not retry a connection that fails (it would, until the connect timeout, so a
    /// refused connection took three times ten seconds): `send` retries, and only once the server
    /// has answered.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// Refuses later requests. Safe to call more than once.
    func close() {
        lock.lock()
        isClosed = true
        lock.unlock()
    }

    private var closed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isClosed
    }

    /// Sends a WebDAV XML body (PROPFIND, REPORT, MKCALENDAR).
    func send(_ method: String, path: String, depth: String? = nil, body: CalDAVRequestBody) throws -> CalDAVReply {
        var headers = [(name: "Content-Type", value: body.contentType)]
        if let depth { headers.append((name: "Depth", value: depth)) }
        return try send(method, path: path, headers: headers, body: body.bytes)
    }

    /// Sends a request to a decoded path of the server, retrying passing failures; any status the
    /// server gives in the end is returned, not thrown, but 401, which throws
    /// `CalDAVError.unauthorized`. A server that cannot be reached before it ever answered is
    /// `StoreError.unavailable` at once: it is not there, rather than gone for a moment.
    func send(_ method: String, path: String, headers: [(name: String, value: String)] = [],
              body: [UInt8]? = nil) throws -> CalDAVReply {
        let url = endpoint.url(forPath: path)
        let started = clock.now
        var tries = 0
        while true {
            tries += 1
            let outcome: Result<CalDAVReply, any Error>
            do {
                outcome = .success(try execute(method, url: url, headers: headers, body: body))
                lock.withLock { hasAnswered = true }
            } catch {
                outcome = .failure(error)
            }
            let retryAfter: Double?
            let reason: String
            switch outcome {
            case .success(let reply) where reply.status == 401:
                throw CalDAVError.unauthorized(user: user, passwordGiven: passwordGiven)
            case .success(let reply) where !Self.isPassing(reply.status):
                return reply
            case .success(let reply):
                retryAfter = CalDAVRetryPolicy.retryAfterSeconds(reply.header("retry-after"))
                reason = "the server answered \(reply.status)"
            case .failure(let error):
                guard Self.isPassing(error), lock.withLock({ hasAnswered }) else {
                    throw StoreError.unavailable("\(method) \(url) failed: \(Self.describe(error))")
                }
                retryAfter = nil
                reason = Self.describe(error)
            }
            let elapsed = clock.now - started
            guard let wait = policy.delay(afterTries: tries, elapsed: elapsed, retryAfter: retryAfter) else {
                let account = "\(method) \(url) failed \(tries) time\(tries == 1 ? "" : "s") in \(Int(elapsed.rounded())) s: \(reason)"
                // A server error to the last try of a write is the server answering: whether it is this
                // item's fault or the server's is for the caller to judge from its other writes.
                if case .success(let reply) = outcome, reply.status >= 500, ["PUT", "DELETE"].contains(method) {
                    throw StoreError.failedRepeatedly(account)
                }
                throw StoreError.unavailable(account)
            }
            clock.wait(seconds: wait)
        }
    }

    private func execute(_ method: String, url: String, headers: [(name: String, value: String)],
                         body: [UInt8]?) throws -> CalDAVReply {
        guard !closed else { throw HTTPClientError.alreadyShutdown }
        var httpHeaders = HTTPHeaders(headers.map { ($0.name, $0.value) })
        if let authorization { httpHeaders.add(name: "Authorization", value: authorization) }
        let request = try HTTPClient.Request(url: url, method: HTTPMethod(rawValue: method), headers: httpHeaders,
                                             body: body.map { .bytes($0) })
        // The deadline bounds a server that trickles bytes forever; timeouts alone reset on each byte.
        let response = try Self.client.execute(request: request, deadline: .now() + .seconds(120)).wait()
        return CalDAVReply(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name.lowercased(), value: $0.value) },
            body: response.body.map { Array($0.readableBytesView) } ?? [])
    }

    /// 5xx, 429 Too Many Requests, 408 Request Timeout and 423 Locked (Xandikos answers it while
    /// another request holds its repository) say "not now" rather than "no".
    private static func isPassing(_ status: Int) -> Bool {
        status >= 500 || status == 429 || status == 408 || status == 423
    }

    /// Timeouts and connections refused, reset or closed pass; a bad URL or a shut-down client do not.
    private static func isPassing(_ error: any Error) -> Bool {
        guard let error = error as? HTTPClientError else { return true }
        let passing: [HTTPClientError] = [
            .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .remoteConnectionClosed,
            .getConnectionFromPoolTimeout, .tlsHandshakeTimeout, .uncleanShutdown,
        ]
        return passing.contains(error)
    }

    /// A short reason: the usual network failures in words, anything else as its description,
    /// shortened to whole words.
    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        for (clue, words) in [("refused", "connection refused: nothing listens there"), ("ECONNRESET", "connection reset"),
                              ("connectTimeout", "no answer to the connection within 10 s"),
                              ("NXDOMAIN", "unknown host"), ("resolve", "the host name could not be resolved")]
        where text.contains(clue) {
            return words
        }
        guard text.count > 200 else { return text }
        let cut = text.prefix(200)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }
}
