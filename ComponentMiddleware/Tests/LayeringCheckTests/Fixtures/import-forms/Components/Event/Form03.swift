import struct Shop.Detail
