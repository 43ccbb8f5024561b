# English dates as English-speaking tables in Europe write them (the pages say en_GB): "1 December
# 2026", not Django's American "Dec. 1, 2026". Whatever is not set here stays Django's.
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
