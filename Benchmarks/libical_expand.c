/*
 * libical_expand: the benchmark's C peer for `calbridge expand FILE --from FROM --to TO`.
 *
 * Reads the whole input into memory, parses it with libical (icalparser_parse_string) and, for
 * every VEVENT of the parsed VCALENDAR (kept in place, so that TZIDs resolve to the calendar's own
 * VTIMEZONEs), counts the occurrences icalcomponent_foreach_recurrence reports for the window
 * [FROM, TO), both read as UTC midnight. Prints the total count to stdout and a one-line summary
 * (events, recurring events, libical error properties) to stderr.
 *
 * Build: cc -O2 Benchmarks/libical_expand.c -o libical_expand $(pkg-config --cflags --libs libical)
 * Usage: libical_expand FILE FROM TO   (dates as YYYY-MM-DD or YYYYMMDD)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libical/ical.h>

static char *read_all(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "libical_expand: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t capacity = 1 << 20, used = 0;
    char *buffer = malloc(capacity + 1);
    while (buffer != NULL) {
        used += fread(buffer + used, 1, capacity - used, file);
        if (used < capacity) {
            break;
        }
        capacity *= 2;
        char *grown = realloc(buffer, capacity + 1);
        if (grown == NULL) {
            free(buffer);
        }
        buffer = grown;
    }
    int failed = buffer == NULL || ferror(file);
    fclose(file);
    if (failed) {
        fprintf(stderr, "libical_expand: cannot read %s\n", path);
        free(buffer);
        return NULL;
    }
    buffer[used] = '\0';
    *length = used;
    return buffer;
}

/* "2026-01-01" or "20260101" -> 2026-01-01T00:00:00Z; null time when malformed. */
static struct icaltimetype window_time(const char *text)
{
    char digits[9];
    size_t n = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (*c >= '0' && *c <= '9') {
            if (n == 8) {
                return icaltime_null_time();
            }
            digits[n++] = *c;
        } else if (*c != '-') {
            return icaltime_null_time();
        }
    }
    if (n != 8) {
        return icaltime_null_time();
    }
    char value[17];
    snprintf(value, sizeof value, "%.8sT000000Z", digits);
    return icaltime_from_string(value);
}

static void count_occurrence(icalcomponent *comp, struct icaltime_span *span, void *data)
{
    (void)comp;
    (void)span;
    (*(long *)data)++;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s FILE FROM TO\n", argv[0]);
        return 2;
    }
    struct icaltimetype start = window_time(argv[2]), end = window_time(argv[3]);
    if (icaltime_is_null_time(start) || icaltime_is_null_time(end) || icaltime_compare(start, end) >= 0) {
        fprintf(stderr, "libical_expand: FROM and TO must be dates (YYYY-MM-DD), FROM before TO\n");
        return 2;
    }
    size_t length = 0;
    char *input = read_all(argv[1], &length);
    if (input == NULL) {
        return 1;
    }
    if (strlen(input) != length) {
        fprintf(stderr, "libical_expand: %s contains a NUL byte\n", argv[1]);
        free(input);
        return 1;
    }

    icalcomponent *root = icalparser_parse_string(input);
    free(input);
    if (root == NULL) {
        fprintf(stderr, "libical_expand: libical could not parse %s: %s\n", argv[1],
                icalerror_strerror(icalerrno));
        return 1;
    }

    long count = 0, events = 0, recurring = 0;
    /* The parser returns the VCALENDAR itself, or an XROOT around several of them. */
    icalcomponent *calendar = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT
        ? root : icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT);
    for (; calendar != NULL;
         calendar = calendar == root ? NULL : icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)) {
        for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT);
             event != NULL; event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
            events++;
            if (icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) != NULL) {
                recurring++;
            }
            icalcomponent_foreach_recurrence(event, start, end, count_occurrence, &count);
        }
    }
    int errors = icalcomponent_count_errors(root);
    icalcomponent_free(root);

    printf("%ld\n", count);
    fprintf(stderr, "libical_expand: %ld occurrences of %ld events (%ld recurring), %d libical error properties\n",
            count, events, recurring, errors);
    return 0;
}
