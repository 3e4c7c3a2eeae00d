# cmake -DINPUT=file -DOUTPUT=file.inc -P EmbedText.cmake: writes INPUT's text
# as a C++ raw string literal.
file(READ ${INPUT} text)
file(WRITE ${OUTPUT} "R\"sluice(${text})sluice\"\n")
