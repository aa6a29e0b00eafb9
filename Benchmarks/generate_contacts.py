#!/usr/bin/env python3
"""Deterministic generator of a realistic address book (vCard) for benchmarks.

Usage: python3 Benchmarks/generate_contacts.py N OUT.vcf

Writes N vCards the way address books export them:
- ~75% vCard 3.0: Apple Contacts (PRODID, UID, X-ABUID, `type=` parameters, grouped
  item1.ADR/X-ABADR, BDAY as `1985-04-12` or `BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12`) and
  Google Contacts (no UID, BDAY as `1985-04-12` or `--04-12`, some `19850412`), with
  item2.X-ABDATE + item2.X-ABLabel:_$!<Anniversary>!$_ (or another label) on some cards and
  a folded base64 PHOTO of a few hundred bytes on 10% of them;
- ~13% vCard 4.0: BDAY `19850412` / `--0412`, ANNIVERSARY on some and DEATHDATE on a few,
  PHOTO as a data: URI on 10%;
- ~12% vCard 2.1 from Outlook: no UID, `CHARSET=utf-8`, BDAY `19850412`, X-MS-ANNIVERSARY on
  some, QUOTED-PRINTABLE LABEL and NOTE (soft line breaks, =0D=0A) on some, a base64 PHOTO
  on 10%.
About 85% of the cards have a birthday (a few on 29 February, with a leap year or none), about
15% of those without the year. Every date exists: 29 February only in leap years, a death
after the birth and the anniversary. Names are UTF-8 with umlauts and accents. CRLF line
endings; 3.0 and 4.0 lines folded at 75 octets without splitting a UTF-8 character.
About 600 bytes per card on average.

Pure standard library. Each card draws from its own generator seeded by (SEED, index), so
the file for N cards is a prefix (card-wise) of the file for any larger N, and the same N
always gives the same bytes. Prints to stderr how many cards have a birthday and how many
dates (BDAY, ANNIVERSARY, X-ABDATE, X-MS-ANNIVERSARY) the file holds.
"""
import base64
import datetime as dt
import random
import sys

SEED = 20250412
REV = "20250101T120000Z"  # fixed so that the output is reproducible

FIRST_NAMES = [
    "Jörg", "Jürgen", "Anneliese", "Käthe", "Sören", "Björn", "Günther", "Bärbel", "Uwe", "Heike",
    "Maximilian", "Sophie", "Lena", "Lukas", "Jonas", "Mia", "Hannah", "Felix", "Paul", "Emma",
    "François", "Hélène", "Élodie", "Jérôme", "Céline", "Amélie", "Zoë", "Noël", "Loïc", "Gaëlle",
    "José", "María", "Inés", "Andrés", "Begoña", "Iñaki", "Martín", "Lucía", "Raúl", "Óscar",
    "Łukasz", "Małgorzata", "Paweł", "Zofia", "Michał", "Agnieszka", "Tomáš", "Jiří", "Václav", "Šárka",
    "Søren", "Åsa", "Øystein", "Ingrid", "Mikkel", "Mehmet", "Ayşe", "Gül", "Çağla", "Özlem",
    "John", "Sarah", "Michael", "Emily", "David", "Priya", "Aoife", "Siobhán", "Seán", "Niamh",
    "Matteo", "Giulia", "Niccolò", "Chiara", "João", "Conceição", "Gonçalo", "Ana", "Nguyễn", "Linh",
    "Ólafur", "Sigríður", "Þóra", "Anaïs", "Renée", "Attila", "Zsófia", "Ödön", "Piotr", "Ewa",
]
LAST_NAMES = [
    "Müller", "Schäfer", "Groß", "Weiß", "Köhler", "Bäcker", "Schröder", "Krüger", "Hoffmann", "Wagner",
    "Becker", "Schulz", "Fischer", "Zimmermann", "Böhm", "Jäger", "Hübner", "Möller", "Süß", "Vogt",
    "Dubois", "Lefèvre", "Bérénger", "Girard", "Fabré", "Mercier", "Rousseau", "Lemaître", "Chevalier", "Noël",
    "García", "Fernández", "López", "Martínez", "Sánchez", "Muñoz", "Peña", "Gómez", "Ibáñez", "Núñez",
    "Kowalski", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowski", "Dąbrowski", "Novák", "Dvořáková", "Černý", "Svoboda",
    "Andersen", "Sørensen", "Åberg", "Lindqvist", "Ødegård", "Öztürk", "Yılmaz", "Şahin", "Çelik", "Doğan",
    "Smith", "O'Brien", "Nguyen", "Johnson", "Brown", "Ó Súilleabháin", "MacGregor", "Patel", "Taylor", "Walsh",
    "Rossi", "Bianchi", "Esposito", "Ricci", "Gonçalves", "Conceição", "Magalhães", "Ferreira", "Tran", "Phạm",
    "Jónsdóttir", "Guðmundsson", "Kovács", "Szabó", "Horváth", "Nagy", "van der Berg", "de Vries", "Jansen", "Bakker",
]
MIDDLE = ["Maria", "Johann", "Luise", "Friedrich", "Marie", "Karl", "Anna", "Josef", "Élise", "Wilhelm"]
PREFIXES = ["Dr.", "Prof. Dr.", "Dipl.-Ing.", "Mag."]
ORGS = ["Müller & Söhne GmbH", "Bäckerei Schäfer", "Straßenbau Süd AG", "Café Größenwahn", "Société Générale",
        "Universität Köln", "Hôpital Saint-Louis", "Banco Español", "Øresund Logistik ApS", "Acme, Inc.",
        "Stadtwerke München", "Zürcher Kantonalbank", "Technische Universität Wien", "Tübinger Verlag"]
TITLES = ["Geschäftsführerin", "Projektleiter", "Ingénieure", "Software Engineer", "Ärztin", "Steuerberater",
          "Directora de ventas", "Lehrer", "Head of Marketing"]
STREETS = [("Friedrichstraße", "10117", "Berlin", "Deutschland", "de"),
           ("Königsallee", "40212", "Düsseldorf", "Deutschland", "de"),
           ("Maximilianstraße", "80539", "München", "Deutschland", "de"),
           ("Große Bleichen", "20354", "Hamburg", "Deutschland", "de"),
           ("Bahnhofstrasse", "8001", "Zürich", "Schweiz", "ch"),
           ("Mariahilfer Straße", "1070", "Wien", "Österreich", "at"),
           ("Rue de la Paix", "75002", "Paris", "France", "fr"),
           ("Calle de Alcalá", "28014", "Madrid", "España", "es"),
           ("Strøget", "1160", "København", "Danmark", "dk"),
           ("Fifth Avenue", "10118", "New York", "USA", "us"),
           ("Via del Corso", "00186", "Roma", "Italia", "it"),
           ("Rua Augusta", "1100-048", "Lisboa", "Portugal", "pt")]
EMAIL_DOMAINS = ["gmail.com", "icloud.com", "web.de", "gmx.de", "outlook.com", "example.com", "t-online.de",
                 "orange.fr", "yahoo.es", "me.com"]
NOTES = [
    "Kennengelernt auf der Hochzeit von Käthe und Jürgen.",
    "Mag keinen Kaffee, lieber grünen Tee.",
    "Hat einen Hund namens Bärli; Allergie gegen Nüsse!",
    "Rückruf wegen Angebot, Frist Ende März.",
    "Schwiegermutter von Andrés; Geschenkidee: Bücher über Segeln.",
    "Rencontré à Lyon, très sympathique.",
    "Vegetarierin. Geburtstag nicht vergessen 🎂",
    "Former colleague from the Zürich office.",
    "Schlüssel für die Gartenhütte liegt bei ihr.",
]
ASCII_LOCAL = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e", "ê": "e", "ë": "e", "à": "a",
               "á": "a", "â": "a", "å": "a", "æ": "ae", "ç": "c", "í": "i", "ï": "i", "î": "i", "ñ": "n",
               "ó": "o", "ô": "o", "ø": "o", "ú": "u", "ł": "l", "ś": "s", "ą": "a", "ó": "o", "ž": "z",
               "š": "s", "č": "c", "ř": "r", "ě": "e", "ý": "y", "ğ": "g", "ş": "s", "ı": "i", "ð": "d",
               "þ": "th", "ő": "o", "ơ": "o", "ạ": "a", "ễ": "e", "ư": "u", "'": "", " ": ""}
CUSTOM_LABELS = ["Hochzeitstag", "Namenstag", "Kennengelernt", "Jahrestag", "Einschulung"]


def escape_text(value):
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def fold(line):
    """Folds one content line at 75 octets, never inside a UTF-8 character."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return data + b"\r\n"
    out = []
    start, limit = 0, 75
    while len(data) - start > limit:
        cut = start + limit
        while data[cut] & 0xC0 == 0x80:  # continuation byte: back off to the character start
            cut -= 1
        out.append(data[start:cut])
        start, limit = cut, 74  # continuation lines start with a space, which counts
    out.append(data[start:])
    return b"\r\n ".join(out) + b"\r\n"


def quoted_printable(text, prefix):
    """The line `prefix` + `text` as UTF-8 quoted-printable the way Outlook writes it: CRLF as =0D=0A,
    lines of at most 76 characters ending in a soft break `=` (the first one counted with `prefix`)."""
    out, width = [prefix], len(prefix)
    pieces = []
    for byte in text.replace("\n", "\r\n").encode("utf-8"):
        if 33 <= byte <= 126 and byte != ord("=") or byte == ord(" "):
            pieces.append(chr(byte))
        else:
            pieces.append("=%02X" % byte)
    for piece in pieces:
        if width + len(piece) > 75:
            out.append("=\r\n")
            width = 0
        out.append(piece)
        width += len(piece)
    text = "".join(out)
    if text.endswith(" "):  # a trailing space would be lost; encode it
        text = text[:-1] + "=20"
    return text


def fake_jpeg(rng):
    """A few hundred bytes that start like a JPEG (for size and shape only)."""
    size = rng.randrange(200, 700)
    return b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + rng.randbytes(size) + b"\xff\xd9"


def email_for(first, last, rng):
    local = "".join(ASCII_LOCAL.get(c, c) for c in (first + "." + last).lower())
    if not local.isascii():
        local = "kontakt%04d" % rng.randrange(10000)
    if rng.random() < 0.3:
        local += str(rng.randrange(1, 99))
    return "%s@%s" % (local, rng.choice(EMAIL_DOMAINS))


def phone(rng):
    return rng.choice(["+49 %d %07d" % (rng.choice([151, 160, 170, 171, 176]), rng.randrange(10 ** 7)),
                       "+49 %d %06d" % (rng.choice([30, 40, 89, 221, 711]), rng.randrange(10 ** 6)),
                       "+33 6 %02d %02d %02d %02d" % tuple(rng.randrange(100) for _ in range(4)),
                       "+1 (212) 555-%04d" % rng.randrange(10000),
                       "0%d/%07d" % (rng.randrange(150, 180), rng.randrange(10 ** 7))])


def is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def random_day(rng, year):
    """A day of `year` (of the leap year 2000 for a year-less date, so 29 February can come up)."""
    days = 366 if is_leap(year) else 365
    return dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(days))


def birthday(rng, version):
    """(year or None, date) of a birthday; 29 February a few times more often than in life."""
    year = rng.randrange(1930, 2016)
    if rng.random() < 0.006:
        while not is_leap(year):
            year += 1
        day = dt.date(year, 2, 29)
    else:
        day = random_day(rng, year)
    # Outlook always keeps the year; Apple, Google and vCard 4.0 address books often do not.
    known = version == "2.1" or rng.random() >= 0.15
    return (year if known else None), day


def person(rng):
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    middle = rng.choice(MIDDLE) if rng.random() < 0.15 else ""
    prefix = rng.choice(PREFIXES) if rng.random() < 0.05 else ""
    return first, middle, last, prefix


def full_name(first, middle, last, prefix):
    return " ".join(part for part in (prefix, first, middle, last) if part)


def uuid_like(rng):
    hexes = "%032X" % rng.getrandbits(128)
    return "%s-%s-%s-%s-%s" % (hexes[:8], hexes[8:12], hexes[12:16], hexes[16:20], hexes[20:])


def card_lines(index, rng, stats):
    """The content lines of one card (unfolded, except 2.1's own soft breaks and base64 lines)."""
    pick = rng.random()
    flavour = "apple" if pick < 0.40 else "google" if pick < 0.75 else "v4" if pick < 0.88 else "outlook"
    version = {"apple": "3.0", "google": "3.0", "v4": "4.0", "outlook": "2.1"}[flavour]
    first, middle, last, prefix = person(rng)
    fn = full_name(first, middle, last, prefix)
    n = ";".join([escape_text(last), escape_text(first), escape_text(middle), escape_text(prefix), ""])
    has_birthday = rng.random() < 0.85
    birth_year, birth = birthday(rng, version)
    married_from = max(birth.year + 18, 1960)
    has_anniversary = rng.random() < (0.12 if flavour != "outlook" else 0.06) and married_from < 2025
    married = rng.randrange(married_from, 2025) if has_anniversary else 0
    anniversary = random_day(rng, married) if has_anniversary else None
    anniversary_label = "_$!<Anniversary>!$_" if rng.random() < 0.8 else rng.choice(
        ["_$!<Other>!$_"] + CUSTOM_LABELS)
    dead = flavour == "v4" and birth.year < 1965 and rng.random() < 0.15
    email = email_for(first, last, rng)
    street, postcode, city, country, country_code = rng.choice(STREETS)
    house = rng.randrange(1, 200)
    has_org = rng.random() < 0.35
    org, title = rng.choice(ORGS), rng.choice(TITLES)
    has_photo = rng.random() < 0.10
    note = " ".join(rng.sample(NOTES, rng.randrange(1, 4))) if rng.random() < 0.2 else ""

    stats["cards"] += 1
    stats["birthdays"] += has_birthday
    stats["dates"] += has_birthday + has_anniversary
    stats["february_29"] += has_birthday and (birth.month, birth.day) == (2, 29)

    lines = ["BEGIN:VCARD", "VERSION:" + version]
    if flavour == "apple":
        lines.append("PRODID:-//Apple Inc.//macOS 14.5//EN")
        lines.append("N:" + n)
        lines.append("FN:" + escape_text(fn))
        if has_org:
            lines += ["ORG:%s;" % escape_text(org), "TITLE:" + escape_text(title)]
        lines.append("EMAIL;type=INTERNET;type=HOME;type=pref:" + email)
        lines.append("TEL;type=CELL;type=VOICE;type=pref:" + phone(rng))
        if rng.random() < 0.4:
            lines.append("TEL;type=HOME;type=VOICE:" + phone(rng))
        item = 1
        if rng.random() < 0.7:
            lines.append("item%d.ADR;type=HOME;type=pref:;;%s %d;%s;;%s;%s" % (
                item, escape_text(street), house, escape_text(city), postcode, escape_text(country)))
            lines.append("item%d.X-ABADR:%s" % (item, country_code))
            item += 1
        if has_birthday:
            if birth_year is None:
                lines.append("BDAY;X-APPLE-OMIT-YEAR=1604:1604-%02d-%02d" % (birth.month, birth.day))
            else:
                lines.append(rng.choice(["BDAY:", "BDAY;VALUE=date:"]) + birth.isoformat())
        if has_anniversary:
            lines.append("item%d.X-ABDATE;type=pref:%s" % (item, anniversary.isoformat()))
            lines.append("item%d.X-ABLabel:%s" % (item, anniversary_label))
            item += 1
        if note:
            lines.append("NOTE:" + escape_text(note))
        if has_photo:
            lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + base64.b64encode(fake_jpeg(rng)).decode("ascii"))
        uid = uuid_like(rng)
        lines += ["UID:" + uid, "X-ABUID:%s:ABPerson" % uid, "REV:" + REV]
    elif flavour == "google":
        lines.append("FN:" + escape_text(fn))
        lines.append("N:" + n)
        lines.append("EMAIL;TYPE=INTERNET;TYPE=HOME:" + email)
        if rng.random() < 0.3:
            lines.append("EMAIL;TYPE=INTERNET;TYPE=WORK:" + email_for(first, last, rng))
        lines.append("TEL;TYPE=CELL:" + phone(rng))
        if rng.random() < 0.5:
            lines.append("ADR;TYPE=HOME:;;%s %d;%s;;%s;%s" % (
                escape_text(street), house, escape_text(city), postcode, country_code.upper()))
        if has_org:
            lines += ["ORG:" + escape_text(org), "TITLE:" + escape_text(title)]
        if has_birthday:
            if birth_year is None:
                lines.append("BDAY:--%02d-%02d" % (birth.month, birth.day))
            elif rng.random() < 0.2:  # written by Android and older sync tools
                lines.append("BDAY:" + birth.strftime("%Y%m%d"))
            else:
                lines.append("BDAY:" + birth.isoformat())
        if has_anniversary:
            lines.append("item1.X-ABDATE:" + anniversary.isoformat())
            lines.append("item1.X-ABLabel:" + anniversary_label)
        if note:
            lines.append("NOTE:" + escape_text(note))
        if has_photo:
            lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + base64.b64encode(fake_jpeg(rng)).decode("ascii"))
        lines.append("CATEGORIES:myContacts" + (",Familie" if rng.random() < 0.2 else ""))
    elif flavour == "v4":
        uid = uuid_like(rng).lower()
        lines += ["PRODID:-//Nextcloud Contacts v6.0.0", "UID:urn:uuid:" + uid, "FN:" + escape_text(fn), "N:" + n]
        lines.append("EMAIL;TYPE=home;PREF=1:" + email)
        lines.append('TEL;VALUE=uri;TYPE="cell,voice":tel:' + phone(rng).replace(" ", "-"))
        if rng.random() < 0.5:
            lines.append("ADR;TYPE=home;LABEL=\"%s %d^n%s %s\":;;%s %d;%s;;%s;%s" % (
                street, house, postcode, city, escape_text(street), house, escape_text(city), postcode,
                escape_text(country)))
        if has_org:
            lines.append("ORG:" + escape_text(org))
        if has_birthday:
            if birth_year is None:
                lines.append("BDAY:--%02d%02d" % (birth.month, birth.day))
            else:
                lines.append("BDAY:" + birth.strftime("%Y%m%d"))
        if has_anniversary:
            lines.append("ANNIVERSARY:" + anniversary.strftime("%Y%m%d"))
        if dead:
            # After the birth and (ANNIVERSARY years run to 2024) usually after the anniversary.
            lo = max(birth.year + 40, married + 1 if has_anniversary else 0, 2005)
            if lo <= 2024:
                lines.append("DEATHDATE:" + random_day(rng, rng.randrange(lo, 2025)).strftime("%Y%m%d"))
                stats["deaths"] += 1
        if note:
            lines.append("NOTE:" + escape_text(note))
        if has_photo:
            lines.append("PHOTO:data:image/jpeg;base64," + base64.b64encode(fake_jpeg(rng)).decode("ascii"))
        lines.append("REV:" + REV)
    else:  # Outlook, vCard 2.1
        lines.append("N;LANGUAGE=de;CHARSET=utf-8:" + ";".join([last, first, middle, prefix, ""]))
        if rng.random() < 0.3:
            lines.append(quoted_printable(fn, "FN;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:"))
        else:
            lines.append("FN;CHARSET=utf-8:" + fn)
        if has_org:
            lines += ["ORG;CHARSET=utf-8:" + org, "TITLE;CHARSET=utf-8:" + title]
        lines.append("TEL;CELL;VOICE:" + phone(rng))
        if rng.random() < 0.5:
            lines.append("TEL;WORK;VOICE:" + phone(rng))
        if rng.random() < 0.6:
            lines.append("ADR;HOME;PREF;CHARSET=utf-8:;;%s %d;%s;;%s;%s" % (street, house, city, postcode, country))
            lines.append(quoted_printable("%s %d\n%s %s\n%s" % (street, house, postcode, city, country),
                                          "LABEL;HOME;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:"))
        lines.append("EMAIL;PREF;INTERNET:" + email)
        if has_birthday:
            lines.append("BDAY:" + birth.strftime("%Y%m%d"))
        if has_anniversary:
            lines.append("X-MS-ANNIVERSARY:" + anniversary.strftime("%Y%m%d"))
        if note or rng.random() < 0.3:
            text = note or "Notiz aus Outlook:\nBitte Adresse prüfen – Umzug geplant.\nGrüße"
            lines.append(quoted_printable(text, "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:"))
        if has_photo:
            encoded = base64.b64encode(fake_jpeg(rng)).decode("ascii")
            chunks = [encoded[i:i + 72] for i in range(0, len(encoded), 72)]
            # Outlook: the data on indented lines after the property, then an empty line.
            lines.append("PHOTO;TYPE=JPEG;ENCODING=BASE64:\r\n" + "\r\n".join("  " + c for c in chunks) + "\r\n")
        lines.append("X-MS-OL-DEFAULT-POSTAL-ADDRESS:1")
        lines.append("REV:" + REV)
    lines.append("END:VCARD")
    if flavour == "outlook":  # written as is: 2.1 has its own line breaks, and Outlook does not fold
        return b"".join(line.encode("utf-8") + b"\r\n" for line in lines)
    return b"".join(fold(line) for line in lines)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: generate_contacts.py N OUT.vcf\n")
        return 2
    count = int(argv[1])
    stats = {"cards": 0, "birthdays": 0, "dates": 0, "february_29": 0, "deaths": 0}
    with open(argv[2], "wb", buffering=1 << 20) as out:
        for index in range(count):
            rng = random.Random("%d-%d" % (SEED, index))
            out.write(card_lines(index, rng, stats))
    sys.stderr.write("generate_contacts: %(cards)d cards, %(birthdays)d with a birthday (%(february_29)d on "
                     "29 February), %(dates)d dates, %(deaths)d with a DEATHDATE\n" % stats)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
