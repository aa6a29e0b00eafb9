#ifndef CALBRIDGE_CLIBXML2_SHIM_H
#define CALBRIDGE_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and <libxml/encoding.h> would pull in the system
 * <unicode/ucnv.h>, whose UErrorCode clashes with Foundation's own ICU module. Nothing in
 * calbridge uses libxml2's ICU converters, so hide them before the headers are read. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/relaxng.h>
#include <libxml/xmlwriter.h>
/* The HTML parser reads `view`'s pages in tests as a browser's parser would. */
#include <libxml/HTMLparser.h>
#endif
