/*
 * libical_roundtrip: the benchmark's peer for `calbridge convert IN.ics -o OUT.ics`.
 *
 * Reads the whole input into memory, parses it with libical (icalparser_parse_string),
 * serializes it again with icalcomponent_as_ical_string_r, writes the result to OUT and frees
 * everything. Prints a one-line summary (components, libical error properties) to stderr.
 *
 * Build: cc -O2 Benchmarks/libical_roundtrip.c -o libical_roundtrip $(pkg-config --cflags --libs libical)
 * Usage: libical_roundtrip IN OUT
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
        fprintf(stderr, "libical_roundtrip: cannot open %s: %s\n", path, strerror(errno));
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
        fprintf(stderr, "libical_roundtrip: cannot read %s\n", path);
        free(buffer);
        return NULL;
    }
    buffer[used] = '\0';
    *length = used;
    return buffer;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s IN OUT\n", argv[0]);
        return 2;
    }
    size_t length = 0;
    char *input = read_all(argv[1], &length);
    if (input == NULL) {
        return 1;
    }
    if (strlen(input) != length) {
        fprintf(stderr, "libical_roundtrip: %s contains a NUL byte\n", argv[1]);
        free(input);
        return 1;
    }

    icalcomponent *calendar = icalparser_parse_string(input);
    free(input);
    if (calendar == NULL) {
        fprintf(stderr, "libical_roundtrip: libical could not parse %s: %s\n", argv[1],
                icalerror_strerror(icalerrno));
        return 1;
    }

    int components = icalcomponent_count_components(calendar, ICAL_ANY_COMPONENT);
    int errors = icalcomponent_count_errors(calendar);

    char *output = icalcomponent_as_ical_string_r(calendar);
    icalcomponent_free(calendar);
    if (output == NULL) {
        fprintf(stderr, "libical_roundtrip: libical could not serialize %s\n", argv[1]);
        return 1;
    }

    FILE *file = fopen(argv[2], "wb");
    if (file == NULL) {
        fprintf(stderr, "libical_roundtrip: cannot create %s: %s\n", argv[2], strerror(errno));
        free(output);
        return 1;
    }
    size_t out_length = strlen(output);
    int failed = fwrite(output, 1, out_length, file) != out_length;
    failed |= fclose(file) != 0;
    free(output);
    if (failed) {
        fprintf(stderr, "libical_roundtrip: cannot write %s\n", argv[2]);
        return 1;
    }
    fprintf(stderr, "libical_roundtrip: %d top-level components, %d libical error properties\n",
            components, errors);
    return 0;
}
